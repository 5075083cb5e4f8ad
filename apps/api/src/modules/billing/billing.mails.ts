import { messages } from '@workhub/shared/messages';
import type { InvoiceRow } from '../../db/schema/billing.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/mailer.ts';

type InvoiceMail = { to: string; firstName: string; invoice: InvoiceRow };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The invoice of a checkout: what was bought, for which period, how much, and when it is due. */
export function invoiceMail({ to, firstName, invoice }: InvoiceMail): MailMessage {
  const amount = `${Number(invoice.amount).toFixed(2)} ${invoice.currency}`;
  const lines = [
    `Invoice ${invoice.number}`,
    `Plan: ${invoice.planTitle}`,
    `Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
    `Amount: ${amount}`,
    `Issued: ${day(invoice.issuedAt)}`,
    invoice.status === 'paid' ? 'Status: paid, thank you.' : `Due: ${day(invoice.dueAt)}`,
  ];
  const intro = `Hello ${firstName}, thank you for choosing Workhub. Here is your invoice.`;
  const text = [intro, '', ...lines].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  return { to, subject: `${messages.invoiceMailSubject} ${invoice.number}`, text, html };
}
