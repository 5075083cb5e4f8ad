import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../messages.ts';
import { changePasswordBody } from './account.ts';
import { newPasswordBody, registerBody } from './auth.ts';
import { acceptInvitationBody } from './team.ts';

/** The first message of each field: the one a form shows. */
const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
};

// Every schema where a password is chosen twice, with everything else left out or wrong.
const schemas = [
  ['register', registerBody],
  ['new password', newPasswordBody],
  ['change password', changePasswordBody],
  ['accept invitation', acceptInvitationBody],
] as const;

describe('one password-confirmation rule', () => {
  it.each(schemas)('%s: a mismatch shows under the confirmation, beside the other fields', (_, schema) => {
    const fields = fieldMessages(schema.safeParse({ password: 'secret1', confirm_password: 'secret2' }));
    expect(fields.confirm_password).toBe(messages.passwordsMustMatch);
    // The other fields' messages show at the same time (not only after the mismatch is fixed).
    expect(Object.keys(fields).length).toBeGreaterThan(1);
  });

  it.each(schemas)('%s: the same messages for a missing and a short password', (_, schema) => {
    expect(fieldMessages(schema.safeParse({ password: '', confirm_password: '' }))).toMatchObject({
      password: messages.registerPasswordRequired,
      confirm_password: messages.confirmPasswordRequired,
    });
    expect(fieldMessages(schema.safeParse({ password: 'abc', confirm_password: 'abc' })).password).toBe(
      messages.registerPasswordMin,
    );
    expect(
      fieldMessages(schema.safeParse({ password: 'p'.repeat(201), confirm_password: 'x' })).password,
    ).toBe('Password must be at most 200 characters');
  });
});
