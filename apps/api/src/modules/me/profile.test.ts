import { messages } from '@workhub/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, errorOf, signUp, uniqueEmail, useTestApp } from '../../test/helpers.ts';
import { staffMember } from '../../test/staff.ts';
import { addMember, login, newTenant } from '../../test/tenants.ts';

const t = useTestApp();

const getProfile = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me/profile', headers: token ? bearer(token) : {} });
const patchProfile = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    payload,
    headers: token ? bearer(token) : {},
  });

const fullForm = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '+1 555 0100',
  address: '1 Navy Yard',
  state: 'VA',
  country: 'USA',
  city: 'Arlington',
  zip: '22201',
  notes: 'Likes compilers.',
};

describe('GET /api/me/profile', () => {
  it("answers the user's profile, with the title of the plan of the account they hold", async () => {
    const { email, session } = await signUp(t);
    const response = await getProfile(session.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user_id: session.user.user_id,
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: null,
      address: null,
      state: null,
      country: null,
      city: null,
      zip: null,
      notes: null,
      subscription_type: 'Free Trial',
      created_at: expect.any(String),
    });
  });

  it('answers subscription_type null for a user who holds no account', async () => {
    const { workspace } = await newTenant(t);
    const member = await addMember(t, workspace, 'worker');
    const device = await login(t, member.email);
    const response = await getProfile(device.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: member.email, subscription_type: null });
  });

  it('answers subscription_type null for platform staff', async () => {
    const staff = await staffMember(t, 'super_admin');
    expect((await getProfile(staff.token)).json().data.subscription_type).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for a user deactivated since the token was issued', async () => {
    const { session } = await signUp(t);
    await t.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, session.user.user_id));
    expect((await getProfile(session.access_token)).statusCode).toBe(401);
  });
});

describe('PATCH /api/me/profile', () => {
  it("saves every field of the form and answers 'Profile updated'", async () => {
    const { session } = await signUp(t);
    const response = await patchProfile(session.access_token, fullForm);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: messages.profileUpdated,
      data: expect.objectContaining({ ...fullForm, subscription_type: 'Free Trial' }),
    });
    expect((await getProfile(session.access_token)).json().data).toMatchObject(fullForm);
  });

  it('clears a field sent empty and keeps a field left out', async () => {
    const { session } = await signUp(t);
    await patchProfile(session.access_token, fullForm);
    const response = await patchProfile(session.access_token, { phone: '', city: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: null,
      city: null,
      address: '1 Navy Yard',
      notes: 'Likes compilers.',
    });
  });

  it.each([
    ['empty', { first_name: '', last_name: '' }],
    ['blank', { first_name: '   ', last_name: '\t ' }],
  ])('answers 400 with both messages on an %s first and last name, and saves nothing', async (_, names) => {
    const { session } = await signUp(t);
    await patchProfile(session.access_token, fullForm);
    const response = await patchProfile(session.access_token, { ...fullForm, ...names, city: 'Paris' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toEqual({
      first_name: messages.firstNameRequired,
      last_name: messages.lastNameRequired,
    });
    expect((await getProfile(session.access_token)).json().data).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      city: 'Arlington',
    });
  });

  it('trims the names it saves', async () => {
    const { session } = await signUp(t);
    const response = await patchProfile(session.access_token, {
      first_name: ' Grace ',
      last_name: ' Hopper ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('shows the new name in the session user (GET /api/me)', async () => {
    const { session } = await signUp(t);
    await patchProfile(session.access_token, { first_name: 'Grace', last_name: 'Hopper' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.access_token) });
    expect(me.json().data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('changes only the caller (the body cannot name another user)', async () => {
    const one = await signUp(t);
    const other = await signUp(t, uniqueEmail('other'));
    await patchProfile(one.session.access_token, { ...fullForm, user_id: other.session.user.user_id });
    expect((await getProfile(other.session.access_token)).json().data.first_name).toBe('Ada');
  });

  it.each([
    ['zip', { zip: 'z'.repeat(21) }],
    ['notes', { notes: 'n'.repeat(2001) }],
    ['phone', { phone: 42 }],
    // Not a phone number (a member's edit on /team takes the same rule: contactFields).
    ['phone', { phone: 'abc<script>' }],
    ['phone', { phone: '-------' }],
  ])('answers 400 on %s', async (field, payload) => {
    const { session } = await signUp(t);
    const response = await patchProfile(session.access_token, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error.fields).toHaveProperty(field);
  });

  it('answers 401 without a token', async () => {
    expect((await patchProfile(undefined, fullForm)).statusCode).toBe(401);
  });
});
