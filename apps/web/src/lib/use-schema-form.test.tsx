import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../test/render.tsx';
import { ApiError } from './api-error.ts';
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
    email: z.string().trim().min(1, { error: 'Email please' }),
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
});
