import { Button, NumberInput, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../test/render.tsx';
import { ApiError } from './api-error.ts';
import { CheckedController } from './checked-controller.tsx';
import { notify } from './notify.tsx';
import { useSchemaForm } from './use-schema-form.ts';

vi.mock('./notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.mocked(notify.error).mockReset();
});

// The whole object is checked even while a field is wrong, as the shared schemas do (`when`).
const schema = z
  .object({
    name: z.string().trim().min(1, { error: 'Name please' }),
    email: z.string().trim().min(1, { error: 'Email please' }).email({ error: 'Not an e-mail' }),
    start: z.string(),
    end: z.string(),
  })
  .refine((v) => v.start <= v.end, { error: 'End before start', path: ['end'], when: () => true });

type Props = {
  send: (values: z.output<typeof schema>) => Promise<unknown>;
  onError?: (error: unknown) => boolean;
};

const Form = ({ send, onError }: Props) => {
  const { field, submit, isSubmitting } = useSchemaForm(schema, {
    defaultValues: { name: '', email: '', start: '2026-05-02', end: '2026-05-01' },
    onSubmit: send,
    conflictField: 'email',
    ...(onError ? { onError } : {}),
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Name" {...field('name')} />
      <TextInput label="Email" {...field('email')} />
      <TextInput label="Start" {...field('start')} />
      <TextInput label="End" {...field('end')} />
      <Button type="submit" loading={isSubmitting}>
        Save
      </Button>
    </form>
  );
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(input('Name'), 'Ada');
  await user.type(input('Email'), 'ada@example.com');
  await user.clear(input('End'));
  await user.type(input('End'), '2026-06-01');
};

describe('useSchemaForm', () => {
  it('shows every message of the schema at once on submit, and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {});
    renderPage(<Form send={send} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name please')).toBeTruthy();
    expect(screen.getByText('Email please')).toBeTruthy();
    expect(screen.getByText('End before start')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the parsed values, then puts a 400's field messages under their fields and the rest in the toast", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_values: z.output<typeof schema>) => {
      throw new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        fields: { name: 'Name taken by a ghost', plan: 'No such plan' },
      });
    });
    renderPage(<Form send={send} />);
    await fill(user);
    await user.type(input('Name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name taken by a ghost')).toBeTruthy();
    // Trimmed by the schema, as the API would parse it.
    expect(send.mock.calls[0]?.[0]).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      start: '2026-05-02',
      end: '2026-06-01',
    });
    // 'plan' is no field of this form: its message is not lost.
    expect(notify.error).toHaveBeenCalledWith('No such plan');
  });

  it('sends once for two submits in a row (a double-click or Enter twice before the button is busy)', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<Form send={send} />);
    await fill(user);
    const form = input('Name').closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).toHaveBeenCalledTimes(1);
    finish();
    // Once it is done, the form sends again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    fireEvent.submit(form);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('puts a 409 under the conflict field', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 'CONFLICT', message: 'That e-mail is taken' });
    });
    renderPage(<Form send={send} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That e-mail is taken')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("leaves a failure to the page's onError when it takes it", async () => {
    const user = userEvent.setup();
    const failure = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No' });
    const onError = vi.fn(() => true);
    renderPage(<Form send={async () => Promise.reject(failure)} onError={onError} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure, expect.anything()));
    expect(notify.error).not.toHaveBeenCalled();
  });

  describe('when the messages show', () => {
    const message = (text: string) => screen.queryByText(text);

    it('says nothing about the empty fields a keyboard passes through on its way past the form', async () => {
      const user = userEvent.setup();
      renderPage(<Form send={vi.fn(async () => {})} />);
      for (const label of ['Name', 'Email', 'Start', 'End']) {
        await user.tab();
        expect(document.activeElement).toBe(input(label));
      }
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
      // A check that was going to run has had its turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(message('Name please')).toBeNull();
      expect(message('Email please')).toBeNull();
      expect(message('End before start')).toBeNull();
      expect(input('Name').getAttribute('aria-invalid')).not.toBe('true');
    });

    it('checks a field the user typed into once they leave it, and lets the others be', async () => {
      const user = userEvent.setup();
      renderPage(<Form send={vi.fn(async () => {})} />);
      await user.tab();
      await user.tab();
      await user.keyboard('ada');
      // Not while typing: half an address is not an error yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(message('Not an e-mail')).toBeNull();
      await user.tab();
      expect(await screen.findByText('Not an e-mail')).toBeTruthy();
      expect(message('Name please')).toBeNull();
    });

    it('takes a message away as soon as the value is right', async () => {
      const user = userEvent.setup();
      renderPage(<Form send={vi.fn(async () => {})} />);
      await user.type(input('Email'), 'ada');
      await user.tab();
      expect(await screen.findByText('Not an e-mail')).toBeTruthy();
      await user.type(input('Email'), '@example.com');
      await waitFor(() => expect(message('Not an e-mail')).toBeNull());
    });

    it('checks a changed value on leaving it in a form that starts filled (an edit form)', async () => {
      const user = userEvent.setup();
      renderPage(<Form send={vi.fn(async () => {})} />);
      await user.type(input('Name'), 'Ada');
      await user.clear(input('Name'));
      await user.tab();
      // Back to its first value (empty): unchanged, so not checked before a submit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(message('Name please')).toBeNull();
      await user.clear(input('End'));
      await user.tab();
      expect(await screen.findByText('End before start')).toBeTruthy();
    });

    it('after a submit, says at each change what is still wrong', async () => {
      const user = userEvent.setup();
      renderPage(<Form send={vi.fn(async () => {})} />);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Email please')).toBeTruthy();
      await user.type(input('Email'), 'a');
      expect(await screen.findByText('Not an e-mail')).toBeTruthy();
      await user.type(input('Email'), 'da@example.com');
      await waitFor(() => expect(message('Not an e-mail')).toBeNull());
      await user.clear(input('Email'));
      expect(await screen.findByText('Email please')).toBeTruthy();
    });
  });

  describe('the focus after a refused submit', () => {
    const ordered = z.object({
      title: z.string().trim().min(1, { error: 'Title please' }),
      count: z.number().min(1, { error: 'At least 1' }),
      note: z.string().trim().min(1, { error: 'Note please' }),
    });
    // A controlled field between two registered ones: react-hook-form's own order puts it last.
    const Ordered = ({ outside = false }: { outside?: boolean }) => {
      const { form, field, submit } = useSchemaForm(ordered, {
        defaultValues: { title: 'Set', count: 0, note: '' },
        onSubmit: async () => {},
      });
      return (
        <>
          <form onSubmit={submit} noValidate>
            <TextInput label="Title" {...field('title')} />
            <CheckedController
              form={form}
              name="count"
              render={({ field: count, fieldState }) => (
                <NumberInput
                  label="Count"
                  value={count.value}
                  onChange={(value) => count.onChange(Number(value))}
                  onBlur={count.onBlur}
                  ref={count.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput label="Note" {...field('note')} />
            <Button type="submit">Save</Button>
          </form>
          {outside && <Button onClick={() => void submit()}>Save from outside</Button>}
        </>
      );
    };

    it('goes to the first wrong field in the order of the page, a controlled one included', async () => {
      const user = userEvent.setup();
      renderPage(<Ordered />);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('At least 1')).toBeTruthy();
      expect(screen.getByText('Note please')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(input('Count')));
    });

    it('goes to a wrong field when a button outside the form submits it', async () => {
      const user = userEvent.setup();
      renderPage(<Ordered outside />);
      await user.click(screen.getByRole('button', { name: 'Save from outside' }));
      expect(await screen.findByText('At least 1')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(input('Count')));
    });

    it('leaves the focus where it is after a submit that passed', async () => {
      const user = userEvent.setup();
      renderPage(<Ordered />);
      await user.type(input('Note'), 'Fine');
      await user.clear(input('Count'));
      await user.type(input('Count'), '3');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    });
  });
});
