import { INVITATION_TTL_DAYS } from '@workhub/shared/constants';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/mailer.ts';

const LINK_LINE = 'Accept the invitation: ';
const LINK_IN_TEXT = new RegExp(`^${LINK_LINE}(\\S+)$`, 'm');

export const INVITATION_SUBJECT = 'You are invited to a Workhub workspace';

type InvitationMail = {
  to: string;
  firstName: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  link: string;
};

/** The invitation: who invites, to which workspace, and the link (valid 7 days). */
export function invitationMail(mail: InvitationMail): MailMessage {
  const intro = `Hello ${mail.firstName}, ${mail.inviterName} invites you to join the workspace "${mail.workspaceName}" on Workhub as ${mail.role}.`;
  const after =
    'Follow the link to set your name and password, or to accept with the login you already have.';
  const validity = `The link is valid for ${INVITATION_TTL_DAYS} days. If you do not know this person, ignore this mail.`;
  const text = [intro, '', after, '', `${LINK_LINE}${mail.link}`, '', validity].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(after)}</p>
<p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p>
<p>${escapeHtml(validity)}</p>`;
  return { to: mail.to, subject: INVITATION_SUBJECT, text, html };
}

/** The link an invitation mail carries, read back from its text. */
export const linkInMailText = (text: string): string | undefined => LINK_IN_TEXT.exec(text)?.[1];
