import { z } from 'zod';
import { INVITABLE_ROLES, INVITATION_STATUSES, MEMBER_STATUSES, WORKSPACE_ROLES } from '../enums.ts';
import { messages } from '../messages.ts';
import {
  contactFields,
  contactValues,
  emailField,
  idField,
  optionalString,
  paginationQuery,
  requiredString,
  searchQuery,
} from './common.ts';
import { confirmPasswordField, newPasswordField, withPasswordConfirmation } from './passwords.ts';

/** Invite People (spec section 5): first name and e-mail required; the role comes from a list. */
export const inviteBody = z.object({
  first_name: requiredString(messages.firstNameRequired, 100),
  last_name: optionalString(100).default(''),
  email: emailField,
  role: z.enum(INVITABLE_ROLES, { error: messages.roleRequired }).default('member'),
});
export type InviteBody = z.input<typeof inviteBody>;

export const teamMember = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  status: z.enum(MEMBER_STATUSES),
  ...contactValues,
  joined_at: z.string(),
  /** The version an edit is made against (If-Match): the later of the membership's and the person's. */
  updated_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamListQuery = paginationQuery.extend({
  q: searchQuery(100),
});

export const invitation = z.object({
  invitation_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  sent_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** Edit a member (/team/{id}/edit, /user/{id}): names, contact details, and the role. */
export const memberUpdateBody = z.object({
  first_name: requiredString(messages.firstNameRequired, 100),
  last_name: optionalString(100),
  role: z.enum(INVITABLE_ROLES, { error: messages.roleRequired }),
  ...contactFields,
});
export type MemberUpdateBody = z.input<typeof memberUpdateBody>;

/** The spec sends status '1' (active) or '0' (inactive); the words are taken too. */
export const memberStatusBody = z.object({
  status: z
    .enum(['1', '0', 'active', 'inactive'], { error: "status must be '1' or '0'" })
    .transform((value) => (value === '1' || value === 'active' ? 'active' : 'inactive')),
});
export type MemberStatusBody = z.input<typeof memberStatusBody>;

export const userIdParam = z.object({ userId: idField() });
export const invitationTokenParam = z.object({ token: z.string().min(20).max(100) });

/** What the invitee sees before accepting (public, by the token of the link). */
export const invitationPreview = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(INVITABLE_ROLES),
  workspace_name: z.string(),
  inviter_name: z.string(),
  /** True when the address already has a login: the invitee signs in, then accepts. */
  has_login: z.boolean(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** A new user accepting: their name and a password. An existing user sends {} with their token. */
export const acceptInvitationBody = withPasswordConfirmation(
  z.object({
    first_name: requiredString(messages.firstNameRequired, 100),
    last_name: optionalString(100).default(''),
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  }),
);
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;
