import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param.ts';

const TABS = ['classes', 'years', 'grades'] as const;

/** Shows the tab the hook reads and the address's query; buttons choose a tab and go back. */
const Probe = () => {
  const [tab, setTab] = useTabParam(TABS);
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="tab">{tab}</output>
      <output aria-label="search">{search}</output>
      {[...TABS, 'nonsense'].map((t) => (
        <button key={t} type="button" onClick={() => setTab(t)}>
          {t}
        </button>
      ))}
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
};

const at = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/cbe/classes${search}`]}>
      <Probe />
    </MemoryRouter>,
  );
const shown = (name: string) => screen.getByLabelText(name).textContent;

describe('useTabParam', () => {
  it.each([
    ['', 'classes'],
    ['?tab=years', 'years'],
    ['?tab=grades&q=x', 'grades'],
    ['?tab=nonsense', 'classes'],
    ['?tab=', 'classes'],
  ])('reads %s as the tab %s (the first when the address names none of them)', (search, tab) => {
    at(search);
    expect(shown('tab')).toBe(tab);
  });

  it('writes the chosen tab into the address, the first as none, and Back returns to the tab before', () => {
    at('?q=x');
    fireEvent.click(screen.getByRole('button', { name: 'years' }));
    expect(shown('search')).toBe('?q=x&tab=years');
    fireEvent.click(screen.getByRole('button', { name: 'grades' }));
    expect(shown('tab')).toBe('grades');
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(shown('tab')).toBe('years');
    fireEvent.click(screen.getByRole('button', { name: 'classes' }));
    expect(shown('search')).toBe('?q=x');
    fireEvent.click(screen.getByRole('button', { name: 'nonsense' }));
    expect(shown('tab')).toBe('classes');
  });
});
