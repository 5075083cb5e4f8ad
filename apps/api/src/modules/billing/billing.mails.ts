import { messages } from '@workhub/shared/messages';
import type { InvoiceRow } from '../../db/schema/billing.ts';
import { escapeHtml } from '../../lib/html.ts';
import { mailUtcDay as day } from '../../lib/mail-dates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** `link`: the billing page, where the invoice is listed and an open one is paid. */
type InvoiceMail = { to: string; firstName: string; invoice: InvoiceRow; link: string };

/**
 * The invoice of a checkout: what was bought, for which period, how much, when it is due, and the
 * billing page. Its days are UTC's (an account has no time zone of its own), and it says so.
 */
export function invoiceMail({ to, firstName, invoice, link }: InvoiceMail): MailMessage {
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
  const zone = 'Dates are in UTC.';
  const text = [intro, '', ...lines, zone, '', `Your invoices and billing: ${link}`].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${zone}</p>
<p><a href="${escapeHtml(link)}">Your invoices and billing</a></p>`;
  return { to, subject: `${messages.invoiceMailSubject} ${invoice.number}`, text, html };
}
