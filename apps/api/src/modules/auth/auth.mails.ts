import type { CodePurpose } from '@workhub/shared/enums';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/mailer.ts';

const CODE_LINE = 'Your code: ';
const CODE_IN_TEXT = new RegExp(`^${CODE_LINE}([A-Z0-9]+)$`, 'm');

const content: Record<CodePurpose, { subject: string; intro: string; action: string; path: string }> = {
  verify_email: {
    subject: 'Verify your Workhub e-mail',
    intro: 'Welcome to Workhub! Enter this code to validate your account.',
    action: 'Validate my account',
    path: '/auth/verify/',
  },
  reset_password: {
    subject: 'Reset your Workhub password',
    intro: 'Someone (hopefully you) asked to set a new password. Enter this code to do it.',
    action: 'Set a new password',
    path: '/auth/new-password/',
  },
};

/** The mail that carries a one-time code, with a link to the screen where it is typed. */
export function codeMail(purpose: CodePurpose, publicUrl: string, email: string, code: string): MailMessage {
  const { subject, intro, action, path } = content[purpose];
  const link = `${publicUrl}${path}${encodeURIComponent(email)}`;
  const text = [
    intro,
    '',
    `${CODE_LINE}${code}`,
    '',
    `${action}: ${link}`,
    '',
    'The code is valid for 15 minutes. If you did not ask for it, ignore this mail.',
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p>The code is valid for 15 minutes. If you did not ask for it, ignore this mail.</p>`;
  return { to: email, subject, text, html, code };
}

/** The code a mail of codeMail carries, read back from its text (the dev mailbox shows it big). */
export const codeInMailText = (text: string): string | undefined => CODE_IN_TEXT.exec(text)?.[1];

export const SIGNUP_NOTICE_SUBJECT = 'Someone tried to sign up with your Workhub e-mail';

/**
 * The mail the owner of a verified address gets when someone registers it again: register answers
 * such an attempt exactly as a new one (no enumeration), so this mail is how its owner learns of it.
 */
export function signupNoticeMail(publicUrl: string, email: string): MailMessage {
  const signIn = `${publicUrl}/auth/login`;
  const reset = `${publicUrl}/auth/forgot-password`;
  const intro =
    'Someone tried to create a Workhub account with this e-mail address, which already has one. Nothing was changed.';
  const text = [
    intro,
    '',
    `If it was you, sign in: ${signIn}`,
    `Forgot your password? Set a new one: ${reset}`,
    '',
    'If it was not you, you can ignore this mail.',
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p>If it was you, <a href="${escapeHtml(signIn)}">sign in</a>.</p>
<p>Forgot your password? <a href="${escapeHtml(reset)}">Set a new one</a>.</p>
<p>If it was not you, you can ignore this mail.</p>`;
  return { to: email, subject: SIGNUP_NOTICE_SUBJECT, text, html };
}
