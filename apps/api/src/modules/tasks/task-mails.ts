import { escapeHtml } from '../../lib/html.ts';
import { mailDay } from '../../lib/mail-dates.ts';
import type { MailMessage } from '../mail/mailer.ts';

const LINK_LINE = 'Open the task: ';
const LINK_IN_TEXT = new RegExp(`^${LINK_LINE}(\\S+)$`, 'm');

export const taskMailSubject = (taskName: string) => `New task: ${taskName}`;

type TaskAssignedMail = {
  to: string;
  firstName: string;
  assignerName: string;
  taskName: string;
  projectName: string;
  workspaceName: string;
  dueDate: string | null;
  priority: string;
  link: string;
};

/** Tells the assignee a task is theirs: what, where, by when, and the link to it. */
export function taskAssignedMail(mail: TaskAssignedMail): MailMessage {
  const intro = `Hello ${mail.firstName}, ${mail.assignerName} assigned you a task in the project "${mail.projectName}" (workspace "${mail.workspaceName}").`;
  const details = [
    `Task: ${mail.taskName}`,
    `Due: ${mail.dueDate ? mailDay(mail.dueDate) : 'no due date'}`,
    `Priority: ${mail.priority}`,
  ];
  const text = [intro, '', ...details, '', `${LINK_LINE}${mail.link}`].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<p>${details.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(mail.link)}">Open the task</a></p>`;
  return { to: mail.to, subject: taskMailSubject(mail.taskName), text, html };
}

/** The link a task mail carries, read back from its text. */
export const linkInTaskMail = (text: string): string | undefined => LINK_IN_TEXT.exec(text)?.[1];
