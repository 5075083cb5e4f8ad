import type { Template } from './enums.ts';

export type TemplateIntro = {
  /** What the template is for, in one sentence. */
  purpose: string;
  /** What its module will add; until it lands, the dashboard says so instead of inventing figures. */
  coming: string[];
};

/**
 * The top of each template's dashboard until its module lands (issue 11): an honest note of what
 * the template is for and what is coming, above the panels every workspace shares.
 */
export const TEMPLATE_INTROS: Record<Template, TemplateIntro> = {
  workspace: {
    purpose:
      'A general workspace: projects, milestones and tasks shared by a team, with tags, CSV export and progress figures.',
    coming: ['In-app notifications when a task is assigned to you or an invitation is accepted.'],
  },
  mrp: {
    purpose: 'Material requirements planning: what to make, what it needs, and when to order it.',
    coming: [
      'Bills of materials for each product.',
      'Stock levels with reorder points.',
      'Production orders planned from demand.',
      'Purchase suggestions when materials run short.',
    ],
  },
  erp: {
    purpose:
      'Enterprise resource planning: the sales, purchasing, stock and accounts of the whole business in one place.',
    coming: [
      'Customers, suppliers and products.',
      'Sales and purchase orders, with their value on this dashboard.',
      'Stock across locations.',
      'Invoices and a simple ledger.',
    ],
  },
  crm: {
    purpose:
      'Customer relationship management: the people and companies you sell to, and every conversation with them.',
    coming: [
      'Contacts and companies.',
      'A deal pipeline with stages and values.',
      'Calls, e-mails and meetings logged against each contact.',
      'Sales figures on this dashboard.',
    ],
  },
  srm: {
    purpose: 'Supplier relationship management: who you buy from, on what terms, and how well they deliver.',
    coming: [
      'Supplier records and contacts.',
      'Purchase orders and deliveries.',
      'Supplier ratings for price, quality and punctuality.',
      'Contracts with renewal reminders.',
    ],
  },
  barber: {
    purpose: 'Barber Shop & Spa: the appointments, services and staff of a salon.',
    coming: [
      'Online booking and an appointment calendar.',
      'Services with their prices and durations.',
      'Staff schedules.',
      'Takings per day on this dashboard.',
    ],
  },
  cbe: {
    purpose:
      'CBE School Management: competency-based education, with learners, classes and the competencies they are assessed on.',
    coming: [
      'Learners, classes and teachers.',
      'Competency assessments and progress reports.',
      'Attendance registers.',
      'Fee records.',
    ],
  },
  ticketing: {
    purpose: 'Queue Ticketing: visitors take a number, wait their turn, and are called to a counter.',
    coming: [
      'Tickets issued per service.',
      'Counters that call the next ticket.',
      'A waiting-room display.',
      'Waiting and service times on this dashboard.',
    ],
  },
};
