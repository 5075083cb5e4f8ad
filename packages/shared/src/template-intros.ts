import type { Template } from './enums.ts';
import type { ModuleAction } from './modules.ts';

export type TemplateIntro = {
  /** What the template is for, in one sentence. */
  purpose: string;
  /**
   * What the workspace holds beyond projects and tasks, and where to find it, said to who may see it
   * (`action`); null when nothing.
   */
  here: { text: string; action: ModuleAction } | null;
  /**
   * What the template's name leads one to expect that is not built yet, said on its shared
   * dashboard instead of shown as empty or invented figures. Empty when nothing is missing, and for
   * a template whose module has its own dashboard (MRP, Barber, CBE, Ticketing), which shows no
   * shared one.
   */
  notYet: string[];
};

const OPERATIONS_HERE: TemplateIntro['here'] = {
  text: 'Products, customer and purchase orders, work orders and stock are under Operations in the sidebar; the sales and orders below are those of the customer orders.',
  action: 'operations:read',
};

/**
 * The top of each template's shared dashboard: what the template is for, what the workspace holds
 * beyond projects and tasks, and what it does not have yet.
 */
export const TEMPLATE_INTROS: Record<Template, TemplateIntro> = {
  workspace: {
    purpose:
      'A general workspace: projects, milestones and tasks shared by a team, with tags, CSV export and progress figures.',
    here: null,
    notYet: [],
  },
  mrp: {
    purpose: 'Material requirements planning: what to make, what it needs, and when to order it.',
    here: null,
    notYet: [],
  },
  erp: {
    purpose:
      'Enterprise resource planning: the sales, purchasing, stock and accounts of the whole business in one place.',
    here: OPERATIONS_HERE,
    notYet: [
      'Customer and supplier records: an order names its customer or supplier for now.',
      'Stock across several locations.',
      'Invoices and a ledger.',
    ],
  },
  crm: {
    purpose:
      'Customer relationship management: the people and companies you sell to, and every conversation with them.',
    here: OPERATIONS_HERE,
    notYet: [
      'Contacts and companies: a customer order names its customer for now.',
      'A deal pipeline with stages and values.',
      'Calls, e-mails and meetings logged against each contact.',
    ],
  },
  srm: {
    purpose: 'Supplier relationship management: who you buy from, on what terms, and how well they deliver.',
    here: OPERATIONS_HERE,
    notYet: [
      'Supplier records and contacts: a purchase order names its supplier for now.',
      'Supplier ratings for price, quality and punctuality.',
      'Contracts with renewal reminders.',
    ],
  },
  barber: {
    purpose: 'Barber Shop & Spa: the appointments, services and staff of a salon.',
    here: null,
    notYet: [],
  },
  cbe: {
    purpose:
      'CBE School Management: competency-based education, with learners, classes and the competencies they are assessed on.',
    here: null,
    notYet: [],
  },
  ticketing: {
    purpose: 'Queue Ticketing: visitors take a number, wait their turn, and are called to a counter.',
    here: null,
    notYet: [],
  },
};
