import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { loginBody, newPasswordBody, registerBody, verifyEmailBody } from './auth.ts';

/** The first message of each field, as the API's error map and the forms show them. */
function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

const validRegistration = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  password: 'secret1',
  confirm_password: 'secret1',
  terms_of_service: 1,
  privacy_policy: true,
};

describe('sign-in schema (spec section 5)', () => {
  it('asks for the e-mail and the password, with the spec messages', () => {
    expect(firstMessages(loginBody.safeParse({ email: '', password: '' }))).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
    expect(firstMessages(loginBody.safeParse({}))).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
  });

  it('refuses an address that is not one, and normalises a good one', () => {
    expect(firstMessages(loginBody.safeParse({ email: 'grace', password: 'x' }))).toEqual({
      email: messages.emailInvalid,
    });
    expect(loginBody.parse({ email: '  Grace@Example.COM ', password: 'x' }).email).toBe('grace@example.com');
  });
});

describe('register schema', () => {
  it('accepts the spec body and defaults the plan to 1', () => {
    expect(registerBody.parse(validRegistration).subscription_id).toBe(1);
  });

  it('gives every message at once, including the password match', () => {
    const fields = firstMessages(
      registerBody.safeParse({
        first_name: '',
        email: '',
        password: 'abc',
        confirm_password: 'abd',
        terms_of_service: 0,
        privacy_policy: false,
      }),
    );
    expect(fields).toEqual({
      first_name: messages.firstNameRequired,
      last_name: messages.lastNameRequired,
      email: messages.emailRequired,
      password: messages.registerPasswordMin,
      confirm_password: messages.passwordsMustMatch,
      terms_of_service: messages.acknowledge,
      privacy_policy: messages.acknowledge,
    });
  });

  it('requires the password and its confirmation', () => {
    const fields = firstMessages(
      registerBody.safeParse({ ...validRegistration, password: '', confirm_password: '' }),
    );
    expect(fields.password).toBe(messages.registerPasswordRequired);
    expect(fields.confirm_password).toBe(messages.confirmPasswordRequired);
  });
});

describe('codes', () => {
  it('are six letters or digits, upper-cased', () => {
    expect(verifyEmailBody.parse({ email: 'a@b.co', code: ' ab12cd ' }).code).toBe('AB12CD');
    expect(firstMessages(verifyEmailBody.safeParse({ email: 'a@b.co', code: '' })).code).toBe(
      messages.codeRequired,
    );
    expect(firstMessages(verifyEmailBody.safeParse({ email: 'a@b.co', code: 'ab12' })).code).toBe(
      messages.codeMin,
    );
    expect(firstMessages(verifyEmailBody.safeParse({ email: 'a@b.co', code: 'ab-12c' })).code).toBe(
      messages.codeAlphanumeric,
    );
  });

  it('an attempt_id that is not text or longer than any attempt says what it is', () => {
    const body = { email: 'a@b.co', code: 'AB12CD' };
    expect(verifyEmailBody.parse({ ...body, attempt_id: 'x'.repeat(64) }).attempt_id).toHaveLength(64);
    for (const attempt_id of ['x'.repeat(65), 42]) {
      expect(firstMessages(verifyEmailBody.safeParse({ ...body, attempt_id })).attempt_id).toBe(
        messages.attemptInvalid,
      );
    }
  });

  it('new password needs a code, six characters, and a matching confirmation', () => {
    const fields = firstMessages(
      newPasswordBody.safeParse({ email: 'a@b.co', code: 'ABC', password: 'abc', confirm_password: 'xyz' }),
    );
    expect(fields).toEqual({
      code: messages.codeMin,
      password: messages.newPasswordMin,
      confirm_password: messages.passwordsMustMatch,
    });
  });
});
