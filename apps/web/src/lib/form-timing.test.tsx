import { Button, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../test/render.tsx';
import { CheckedController } from './checked-controller.tsx';
import { useSchemaForm } from './use-schema-form.ts';

const schema = z.object({
  name: z.string(),
  count: z.number().int().min(0, { error: 'At least 0' }).max(20, { error: 'At most 20' }),
  colour: z.string().refine((value) => value !== 'red', { error: 'Not red' }),
  sizes: z.array(z.string()).min(1, { error: 'One size at least' }),
});

// Fields a `register` cannot bind, each through CheckedController, as the app's forms do.
const Form = ({ sizes = [], colour = '' }: { sizes?: string[]; colour?: string }) => {
  const { form, field, submit } = useSchemaForm(schema, {
    defaultValues: { name: '', count: 1, colour, sizes },
    onSubmit: vi.fn(async () => {}),
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...field('name')} />
      <CheckedController
        form={form}
        name="count"
        render={({ field: count, fieldState }) => (
          <NumberInput
            label="Count"
            clampBehavior="none"
            value={count.value}
            onChange={(value) => count.onChange(value === '' ? 0 : Number(value))}
            onBlur={count.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <CheckedController
        form={form}
        name="colour"
        render={({ field: colour, fieldState }) => (
          <Select
            label="Colour"
            data={['red', 'blue']}
            value={colour.value || null}
            onChange={(value) => colour.onChange(value ?? '')}
            onBlur={colour.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <CheckedController
        form={form}
        name="sizes"
        render={({ field: chosen, fieldState }) => (
          <MultiSelect
            label="Sizes"
            data={['S', 'M']}
            value={chosen.value}
            onChange={chosen.onChange}
            onBlur={chosen.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit">Save</Button>
    </form>
  );
};

const input = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const message = (text: string) => screen.queryByText(text);
// A check that was going to run has had its turn.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(() => {
  // jsdom has none; a Select opened on a chosen value scrolls to it.
  Element.prototype.scrollIntoView ??= () => {};
});

describe('CheckedController', () => {
  it('says nothing about the untouched fields a keyboard tabs through', async () => {
    const user = userEvent.setup();
    renderPage(<Form />);
    for (const label of ['Name', 'Count', 'Colour', 'Sizes']) {
      await user.tab();
      expect(document.activeElement).toBe(input(label));
    }
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(message('One size at least')).toBeNull();
    expect(input('Sizes').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('checks a number the user changed once they leave it, not while they type', async () => {
    const user = userEvent.setup();
    renderPage(<Form />);
    await user.clear(input('Count'));
    await user.type(input('Count'), '25');
    await settle();
    expect(message('At most 20')).toBeNull();
    await user.tab();
    expect(await screen.findByText('At most 20')).toBeTruthy();
    expect(message('One size at least')).toBeNull();
  });

  it('checks a field left by a press on Save once the press is released, so the button stays put', async () => {
    const user = userEvent.setup();
    renderPage(<Form />);
    await user.clear(input('Count'));
    await user.type(input('Count'), '25');
    const save = screen.getByRole('button', { name: 'Save' });
    // The mouse goes down on Save: the field is left, and says nothing while the button is held.
    fireEvent.mouseDown(save);
    save.focus();
    await settle();
    expect(document.activeElement).toBe(save);
    expect(message('At most 20')).toBeNull();
    // Released off the button (no click, no submit): then the field's message shows. Released on
    // it, the submit checks every field (and a late check would clear the server's message: the
    // salon customers page's 409 under E-mail).
    fireEvent.mouseUp(document.body);
    expect(await screen.findByText('At most 20')).toBeTruthy();
  });

  it('takes the message away at the change that makes the value right', async () => {
    const user = userEvent.setup();
    renderPage(<Form />);
    await user.clear(input('Count'));
    await user.type(input('Count'), '25');
    await user.tab();
    expect(await screen.findByText('At most 20')).toBeTruthy();
    await user.click(input('Count'));
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(message('At most 20')).toBeNull());
  });

  it('checks a value picked in a Select by keyboard once the user leaves it', async () => {
    const user = userEvent.setup();
    renderPage(<Form />);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(input('Colour'));
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'red', hidden: true });
    await user.keyboard('{Enter}');
    expect(input('Colour').value).toBe('red');
    await settle();
    expect(message('Not red')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Not red')).toBeTruthy();
  });

  it('does not check a value brought back to what it was (an edit form left as it came)', async () => {
    const user = userEvent.setup();
    renderPage(<Form colour="red" />);
    await user.click(input('Colour'));
    await user.click(await screen.findByRole('option', { name: 'blue', hidden: true }));
    expect(input('Colour').value).toBe('blue');
    await user.click(input('Colour'));
    await user.click(await screen.findByRole('option', { name: 'red', hidden: true }));
    expect(input('Colour').value).toBe('red');
    await user.tab();
    await settle();
    expect(message('Not red')).toBeNull();
  });

  it('checks a list emptied by the user once they leave it', async () => {
    const user = userEvent.setup();
    renderPage(<Form sizes={['S']} />);
    await user.click(input('Sizes'));
    await user.keyboard('{Backspace}');
    await user.tab();
    expect(await screen.findByText('One size at least')).toBeTruthy();
  });
});
