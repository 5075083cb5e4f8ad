import type { BomLine, BomTree, BomTreeNode, Product } from '@workhub/shared/schemas/operations';
import type {
  MrpException,
  MrpProposal,
  MrpRun,
  MrpRunOverview,
} from '@workhub/shared/schemas/operations-mrp';
import type { PurchaseOrderDetail } from '@workhub/shared/schemas/operations-orders';

/** Uuids the shared schemas accept, named for what they are (the bicycle of the engine's tests). */
export const opsIds = {
  bicycle: '00000000-0000-4000-8000-000000000b01',
  wheel: '00000000-0000-4000-8000-000000000b02',
  spoke: '00000000-0000-4000-8000-000000000b03',
  rim: '00000000-0000-4000-8000-000000000b04',
  frame: '00000000-0000-4000-8000-000000000b05',
  wheelLine: '00000000-0000-4000-8000-000000000c02',
  spokeLine: '00000000-0000-4000-8000-000000000c03',
  rimLine: '00000000-0000-4000-8000-000000000c04',
  frameLine: '00000000-0000-4000-8000-000000000c05',
  run: '00000000-0000-4000-8000-000000000d01',
  bicycleProposal: '00000000-0000-4000-8000-000000000e01',
  wheelProposal: '00000000-0000-4000-8000-000000000e02',
  spokeProposal: '00000000-0000-4000-8000-000000000e03',
  order: '00000000-0000-4000-8000-000000000f01',
  orderLine: '00000000-0000-4000-8000-000000000f02',
} as const;

const at = '2026-01-01T00:00:00.000Z';

export const fakeProduct = (patch: Partial<Product> = {}): Product => ({
  id: opsIds.bicycle,
  product_name: 'Bicycle',
  product_group: 'Bikes',
  catalog_id: null,
  catalog_name: null,
  price: '400.0000',
  color: null,
  product_qty: '2.0000',
  uom_id: null,
  uom_name: 'pcs',
  description: null,
  status: 'active',
  procurement_type: 'make',
  lead_time: 2,
  lead_time_unit: 'days',
  safety_stock: '0.0000',
  min_order_qty: '0.0000',
  below_safety: false,
  bom_line_count: 2,
  unit_locked: false,
  created_by: null,
  created_at: at,
  updated_at: at,
  ...patch,
});

const node = (
  patch: Partial<BomTreeNode> & Pick<BomTreeNode, 'product_id' | 'product_name'>,
): BomTreeNode => ({
  procurement_type: 'buy',
  uom_name: 'pcs',
  line_id: null,
  qty_per_parent: '1',
  total_qty: '1',
  unit_cost: '0',
  extended_cost: '0',
  children: [],
  ...patch,
});

/** Bicycle = 2 Wheel (36 Spoke at 0.5, 1 Rim at 20) + 1 Frame at 150: 2 × 38 + 150 = 226. */
export const fakeBomTree = (): BomTree => ({
  estimated_cost: '226',
  root: node({
    product_id: opsIds.bicycle,
    product_name: 'Bicycle',
    procurement_type: 'make',
    unit_cost: '226',
    extended_cost: '226',
    children: [
      node({
        product_id: opsIds.wheel,
        product_name: 'Wheel',
        procurement_type: 'make',
        line_id: opsIds.wheelLine,
        qty_per_parent: '2',
        total_qty: '2',
        unit_cost: '38',
        extended_cost: '76',
        children: [
          node({
            product_id: opsIds.spoke,
            product_name: 'Spoke',
            line_id: opsIds.spokeLine,
            qty_per_parent: '36',
            total_qty: '72',
            unit_cost: '0.5',
            extended_cost: '36',
          }),
          node({
            product_id: opsIds.rim,
            product_name: 'Rim',
            line_id: opsIds.rimLine,
            qty_per_parent: '1',
            total_qty: '2',
            unit_cost: '20',
            extended_cost: '40',
          }),
        ],
      }),
      node({
        product_id: opsIds.frame,
        product_name: 'Frame',
        line_id: opsIds.frameLine,
        qty_per_parent: '1',
        total_qty: '1',
        unit_cost: '150',
        extended_cost: '150',
      }),
    ],
  }),
});

export const fakeBomLine = (patch: Partial<BomLine> = {}): BomLine => ({
  id: opsIds.spokeLine,
  product_need: opsIds.wheel,
  product_need_name: 'Wheel',
  product_needed: opsIds.spoke,
  product_needed_name: 'Spoke',
  product_needed_type: 'buy',
  product_needed_uom: 'pcs',
  bom_qty: '36.0000',
  lead_time: 1,
  lead_time_unit: 'days',
  cost_per_unit: '0.5000',
  notes: 'Stainless',
  attachment: null,
  status: 'active',
  created_at: at,
  updated_at: at,
  ...patch,
});

export const fakeProposal = (patch: Partial<MrpProposal> = {}): MrpProposal => ({
  id: opsIds.bicycleProposal,
  seq: 1,
  product_id: opsIds.bicycle,
  product_name: 'Bicycle',
  kind: 'work',
  quantity: '3',
  need_date: '2026-03-10',
  release_date: '2026-03-08',
  past_due: false,
  too_large: false,
  pegging: [
    {
      kind: 'customer_order',
      order_id: opsIds.order,
      line_id: opsIds.orderLine,
      qty: '3',
      label: 'CO-00001 line 1 (Acme)',
    },
  ],
  status: 'open',
  confirmed_ref: null,
  ...patch,
});

/** Bicycle (make 3, for CO-00001), Wheel (make 6, for the bicycle proposal), Spoke (buy 216, past due). */
export const fakeProposals = (): MrpProposal[] => [
  fakeProposal(),
  fakeProposal({
    id: opsIds.wheelProposal,
    seq: 2,
    product_id: opsIds.wheel,
    product_name: 'Wheel',
    quantity: '6',
    need_date: '2026-03-08',
    release_date: '2026-03-06',
    pegging: [
      {
        kind: 'proposal',
        proposal_id: opsIds.bicycleProposal,
        qty: '6',
        label: 'Work proposal 1: 3 Bicycle',
      },
    ],
  }),
  fakeProposal({
    id: opsIds.spokeProposal,
    seq: 3,
    product_id: opsIds.spoke,
    product_name: 'Spoke',
    kind: 'purchase',
    quantity: '216',
    need_date: '2026-03-06',
    release_date: '2026-02-20',
    past_due: true,
    pegging: [
      { kind: 'proposal', proposal_id: opsIds.wheelProposal, qty: '216', label: 'Work proposal 2: 6 Wheel' },
    ],
  }),
];

export const fakeException = (patch: Partial<MrpException> = {}): MrpException => ({
  kind: 'past_due',
  product_id: opsIds.spoke,
  product_name: 'Spoke',
  // As the API writes its messages: calendar days ISO (the page shows them as it shows dates).
  message: 'Buy 216 Spoke: release 2026-02-20 is before today',
  proposal_id: opsIds.spokeProposal,
  ...patch,
});

/** The run's head (GET /api/mrp/runs/:id/overview, an item of GET /api/mrp/runs): no proposals, no exceptions. */
export const fakeRunOverview = (patch: Partial<MrpRunOverview> = {}): MrpRunOverview => ({
  id: opsIds.run,
  created_at: '2026-03-01T09:00:00.000Z',
  created_by: null,
  today: '2026-03-01',
  horizon_days: 90,
  horizon_end: '2026-05-30',
  duration_ms: 42,
  summary: {
    products: 5,
    proposals: 3,
    past_due_proposals: 1,
    demands_planned: 1,
    demands_past_due: 0,
    demands_beyond_horizon: 0,
  },
  exception_count: 1,
  confirmed_count: 0,
  ...patch,
});

/** The whole run, as POST /api/mrp/runs answers it: the overview with its proposals and exceptions. */
export const fakeRun = (patch: Partial<MrpRun> = {}): MrpRun => ({
  ...fakeRunOverview(),
  proposals: fakeProposals(),
  exceptions: [fakeException()],
  ...patch,
});

/** A list answer: one page holding `rows`. */
export const listOf = <T>(rows: T[]) => ({ data: rows, meta: { page: 1, limit: 25, total: rows.length } });

/**
 * A list answer as the API makes it from `rows`: the page `url`'s query asks for (`page`, `limit`,
 * and `kind` when set, on rows that have one).
 */
export const pageOf = <T extends { kind?: string }>(rows: T[], url: string) => {
  const query = new URL(url, 'http://localhost').searchParams;
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 25);
  const kind = query.get('kind');
  const matching = kind ? rows.filter((row) => row.kind === kind) : rows;
  return {
    data: matching.slice((page - 1) * limit, page * limit),
    meta: { page, limit, total: matching.length },
  };
};

export const fakePurchaseOrder = (patch: Partial<PurchaseOrderDetail> = {}): PurchaseOrderDetail => ({
  id: opsIds.order,
  number: 12,
  number_label: 'PO-00012',
  order_date: '2026-03-01',
  due_date: '2026-03-10',
  notes: null,
  total: '118',
  line_count: 2,
  late: false,
  confirmed_at: '2026-03-01T10:00:00.000Z',
  closed_at: null,
  cancelled_at: null,
  created_by: null,
  created_at: at,
  updated_at: at,
  supplier_name: 'Spokes Ltd',
  status: 'confirmed',
  received_at: null,
  lines: [
    {
      id: opsIds.orderLine,
      position: 1,
      product_id: opsIds.spoke,
      product_name: 'Spoke',
      uom_name: 'pcs',
      quantity: '100.0000',
      unit_price: '0.5000',
      line_total: '50.0000',
      due_date: '2026-03-10',
      received_qty: '40.0000',
      mrp_proposal_id: null,
    },
    {
      id: opsIds.rimLine,
      position: 2,
      product_id: opsIds.rim,
      product_name: 'Rim',
      uom_name: 'pcs',
      quantity: '4.0000',
      unit_price: '17.0000',
      line_total: '68.0000',
      due_date: '2026-03-10',
      received_qty: '0.0000',
      mrp_proposal_id: null,
    },
  ],
  ...patch,
});
