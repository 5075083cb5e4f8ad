import { Button, ColorInput, Drawer, Menu, Modal, Switch } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';

// Every dialog and drawer of the app, through the theme: a close button with a name, and a title
// bar that is not a second banner landmark beside the app shell's header.
describe('dialogs, as the theme makes them', () => {
  it.each([
    ['a modal', Modal],
    ['a drawer', Drawer],
  ])('%s: its close button is named, its title bar is no banner', async (_, Dialog) => {
    renderPage(
      <>
        <header>The app's header</header>
        <Dialog opened onClose={() => {}} title="New counter">
          A form
        </Dialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New counter' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).queryByRole('banner')).toBeNull();
    expect(dialog.querySelector('header')).toBeNull();
  });
});

describe('buttons, as the theme makes them', () => {
  it('makes a compact-xs button 24 px high (WCAG 2.2 target size), others as Mantine has them', () => {
    renderPage(
      <>
        <Button size="compact-xs">Record payment</Button>
        <Button size="compact-sm">Edit</Button>
      </>,
    );
    const small = screen.getByRole('button', { name: 'Record payment' });
    expect(small.style.getPropertyValue('--button-height')).toBe('calc(1.5rem * var(--mantine-scale))');
    expect(screen.getByRole('button', { name: 'Edit' }).style.getPropertyValue('--button-height')).toBe(
      'var(--button-height-compact-sm)',
    );
  });
});

describe('menus and colour fields, as the theme makes them', () => {
  // jsdom lays nothing out, so the menu's focus trap finds no item it could focus (and says so on
  // the console, silenced here); the keys are tried in Chromium, e2e/accessibility.spec.ts.
  it('opens a menu whose children are its items, no focus placeholder among them', async () => {
    const user = userEvent.setup();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quieter = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      renderPage(
        <Menu>
          <Menu.Target>
            <button type="button">Ada (user menu)</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Workspaces</Menu.Item>
            <Menu.Item>Logout</Menu.Item>
          </Menu.Dropdown>
        </Menu>,
      );
      await user.click(screen.getByRole('button', { name: 'Ada (user menu)' }));
      // Still fading in, as jsdom never ends a transition: found hidden.
      const menu = await screen.findByRole('menu', { hidden: true });
      expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
    } finally {
      quiet.mockRestore();
      quieter.mockRestore();
    }
  });

  it("names a colour field's eye dropper", () => {
    // jsdom has no EyeDropper: the button shows only where the browser has one.
    Object.defineProperty(window, 'EyeDropper', { value: class {}, configurable: true });
    try {
      renderPage(<ColorInput label="Colour" />);
      expect(screen.getByRole('button', { name: 'Pick a colour from the screen' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(window, 'EyeDropper');
    }
  });
});

describe('switches, as the theme makes them', () => {
  it('makes a switch 24 px high (WCAG 2.2 target size) unless it is given a size of its own', () => {
    renderPage(
      <>
        <Switch label="Active" />
        <Switch label="Priority" size="lg" />
      </>,
    );
    const root = (label: string) =>
      screen.getByLabelText(label).closest('.mantine-Switch-root') as HTMLElement;
    expect(root('Active').getAttribute('data-size')).toBe('md');
    expect(root('Active').style.getPropertyValue('--switch-height')).toBe('var(--switch-height-md)');
    expect(root('Priority').getAttribute('data-size')).toBe('lg');
  });
});
