import { operationsMessages } from '@workhub/shared/operations-messages';
import type {
  CustomerOrderStatus,
  PurchaseOrderStatus,
  StockMoveKind,
} from '@workhub/shared/schemas/operations';
import {
  CUSTOMER_ORDER_STEPS,
  type CustomerOrder,
  type CustomerOrderLine,
  PURCHASE_ORDER_STEPS,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@workhub/shared/schemas/operations-orders';
import { type SQL, sql } from 'drizzle-orm';
import { customerOrderLines, customerOrders, purchaseOrderLines, purchaseOrders } from './orders.schema.ts';

/*
 * Purchase and customer orders are one shape (orders.schema.ts): a party, lines with a quantity
 * delivered, and the flow draft → confirmed → received/shipped → closed, or cancelled. What differs
 * is said here once, and orders.service.ts serves both from it.
 */

/** The fields both kinds of order answer; each kind adds its party and delivery stamp. */
export type OrderItemBase = Omit<PurchaseOrder, 'supplier_name' | 'status' | 'received_at'>;
export type OrderLineBase = Omit<PurchaseOrderLine, 'received_qty' | 'mrp_proposal_id'>;

export type OrderRowFacts = {
  party: string | null;
  status: string;
  deliveredAt: Date | null;
};
export type LineRowFacts = { delivered: string; mrpProposalId: string | null };

type Steps = Record<'confirm' | 'close' | 'cancel', { from: readonly string[]; past: string }> &
  Record<string, { from: readonly string[]; past: string }>;

export type OrderKind<Item, Line, Status extends string> = {
  name: 'purchase' | 'customer';
  sequence: 'purchase_order' | 'customer_order';
  orders: typeof purchaseOrders | typeof customerOrders;
  lines: typeof purchaseOrderLines | typeof customerOrderLines;
  party: typeof purchaseOrders.supplierName | typeof customerOrders.customerName;
  delivered: typeof purchaseOrderLines.receivedQty | typeof customerOrderLines.shippedQty;
  deliveredAt: typeof purchaseOrders.receivedAt | typeof customerOrders.shippedAt;
  /** A line's MRP proposal (purchase lines only). */
  lineProposal: () => SQL<string | null>;
  /** The lines' column that says which order line a stock move was made by. */
  moveLine: 'purchaseOrderLineId' | 'customerOrderLineId';
  steps: Steps;
  statuses: readonly Status[];
  /** The delivery step ('receive' / 'ship') and the status it ends in. */
  deliverStep: 'receive' | 'ship';
  doneStatus: Status;
  moveKind: StockMoveKind;
  /** +1: a delivery adds stock (a receipt); −1: it takes stock (a shipment). */
  direction: 1 | -1;
  deliveredMessage: string;
  tooMuch: (product: string, remaining: string) => string;
  /** The party in the insert and update values. */
  partyValues: (name: string | null) => { supplierName: string | null } | { customerName: string };
  item: (base: OrderItemBase, facts: OrderRowFacts & { status: Status }) => Item;
  line: (base: OrderLineBase, facts: LineRowFacts) => Line;
  /** The export's column of the party. */
  partyHeader: string;
};

export const purchaseKind: OrderKind<PurchaseOrder, PurchaseOrderLine, PurchaseOrderStatus> = {
  name: 'purchase',
  sequence: 'purchase_order',
  orders: purchaseOrders,
  lines: purchaseOrderLines,
  party: purchaseOrders.supplierName,
  delivered: purchaseOrderLines.receivedQty,
  deliveredAt: purchaseOrders.receivedAt,
  lineProposal: () => sql<string | null>`${purchaseOrderLines.mrpProposalId}`,
  moveLine: 'purchaseOrderLineId',
  steps: PURCHASE_ORDER_STEPS,
  statuses: ['draft', 'confirmed', 'received', 'closed', 'cancelled'],
  deliverStep: 'receive',
  doneStatus: 'received',
  moveKind: 'receipt',
  direction: 1,
  deliveredMessage: operationsMessages.orderReceived,
  tooMuch: operationsMessages.receiveTooMuch,
  partyValues: (name) => ({ supplierName: name }),
  item: (base, facts) => ({
    ...base,
    supplier_name: facts.party,
    status: facts.status,
    received_at: facts.deliveredAt?.toISOString() ?? null,
  }),
  line: (base, facts) => ({ ...base, received_qty: facts.delivered, mrp_proposal_id: facts.mrpProposalId }),
  partyHeader: 'Supplier',
};

export const customerKind: OrderKind<CustomerOrder, CustomerOrderLine, CustomerOrderStatus> = {
  name: 'customer',
  sequence: 'customer_order',
  orders: customerOrders,
  lines: customerOrderLines,
  party: customerOrders.customerName,
  delivered: customerOrderLines.shippedQty,
  deliveredAt: customerOrders.shippedAt,
  lineProposal: () => sql<string | null>`null::uuid`,
  moveLine: 'customerOrderLineId',
  steps: CUSTOMER_ORDER_STEPS,
  statuses: ['draft', 'confirmed', 'shipped', 'closed', 'cancelled'],
  deliverStep: 'ship',
  doneStatus: 'shipped',
  moveKind: 'shipment',
  direction: -1,
  deliveredMessage: operationsMessages.orderShipped,
  tooMuch: operationsMessages.shipTooMuch,
  partyValues: (name) => ({ customerName: name ?? '' }),
  item: (base, facts) => ({
    ...base,
    customer_name: facts.party ?? '',
    status: facts.status,
    shipped_at: facts.deliveredAt?.toISOString() ?? null,
  }),
  line: (base, facts) => ({ ...base, shipped_qty: facts.delivered }),
  partyHeader: 'Customer',
};
