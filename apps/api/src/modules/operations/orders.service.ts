import { EXPORT_ROWS_MAX } from '@workhub/shared/constants';
import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  type customerOrderBody,
  type customerOrderExportQuery,
  type customerOrderListQuery,
  type orderDeliveryBody,
  orderNumberLabel,
  orderStepRefusal,
  type purchaseOrderBody,
  type purchaseOrderExportQuery,
  type purchaseOrderListQuery,
} from '@workhub/shared/schemas/operations-orders';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { countOf } from '../../db/aggregates.ts';
import type { Db } from '../../db/client.ts';
import { nextVersion } from '../../db/edit-lock.ts';
import { sortedListOf, sortedPageOf } from '../../db/paging.ts';
import { inScopeWorkspace, type WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { capRows, csvFilename } from '../../lib/csv.ts';
import { assertVersion, type EditVersion } from '../../lib/edit-version.ts';
import { containing, ListShape } from '../../lib/list-query.ts';
import { viewerToday } from '../../lib/viewer-date.ts';
import { exportEvent, recordAudit } from '../audit/audit.ts';
import { products, uoms } from './operations.schema.ts';
import { deliverOrder } from './orders-delivery.ts';
import { type ExportRow, ordersCsv } from './orders-export.ts';
import { customerKind, type OrderItemBase, type OrderKind, purchaseKind } from './orders-kinds.ts';
import { takeOrderNumbers } from './orders-numbers.ts';
import { invalidFields, lockOrder } from './orders-rules.ts';
import { fractionalQuantities } from './whole-units.ts';

type OrderInput = z.output<typeof purchaseOrderBody> | z.output<typeof customerOrderBody>;
type ListQuery = z.output<typeof purchaseOrderListQuery> | z.output<typeof customerOrderListQuery>;
type ExportQuery = z.output<typeof purchaseOrderExportQuery> | z.output<typeof customerOrderExportQuery>;
type OrderSort = ListQuery['sort'];
type StatusStep = 'confirm' | 'close' | 'cancel';

/** Purchase orders or customer orders (orders-kinds.ts), in the workspace of the request. */
export function createOrderService<Item, Line, Status extends string>(
  ctx: Ctx,
  kind: OrderKind<Item, Line, Status>,
) {
  const { db, now } = ctx;
  const o = kind.orders;
  const l = kind.lines;
  const prefix = `${orderNumberLabel(kind.sequence, 0).slice(0, 3)}`;

  const statusOf = (value: string): Status => {
    const status = kind.statuses.find((s) => s === value);
    if (status === undefined) throw new Error(`unknown order status ${value}`);
    return status;
  };

  /** Orders with their total, line count and lateness; `today` is a value or a placeholder. */
  function selectOrders(where: SQL | undefined, today: string | Placeholder) {
    const figures = db
      .select({
        total: sql<string>`round(coalesce(sum(${l.quantity} * ${l.unitPrice}), 0), 4)::text`.as('total'),
        lineCount: countOf().as('line_count'),
      })
      .from(l)
      .where(and(eq(l.accountId, o.accountId), eq(l.orderId, o.id)))
      .as('figures');
    return db
      .select({
        id: o.id,
        number: o.number,
        orderDate: o.orderDate,
        dueDate: o.dueDate,
        notes: o.notes,
        status: o.status,
        party: kind.party,
        deliveredAt: kind.deliveredAt,
        confirmedAt: o.confirmedAt,
        closedAt: o.closedAt,
        cancelledAt: o.cancelledAt,
        createdBy: o.createdBy,
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
        total: figures.total,
        lineCount: figures.lineCount,
        late: sql<boolean>`(${o.status} = 'confirmed' and ${o.dueDate} < ${today})`.mapWith(Boolean),
      })
      .from(o)
      .leftJoinLateral(figures, sql`true`)
      .where(where)
      .$dynamic();
  }
  type Selected = Awaited<ReturnType<typeof selectOrders>>[number];

  const baseOf = (r: Selected): OrderItemBase => ({
    id: r.id,
    number: r.number,
    number_label: orderNumberLabel(kind.sequence, r.number),
    order_date: r.orderDate,
    due_date: r.dueDate,
    notes: r.notes,
    total: r.total,
    line_count: r.lineCount,
    late: r.late,
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
    closed_at: r.closedAt?.toISOString() ?? null,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  });
  const toItem = (r: Selected): Item =>
    kind.item(baseOf(r), { party: r.party, status: statusOf(r.status), deliveredAt: r.deliveredAt });
  const toExportRow = (r: Selected): ExportRow => ({ ...baseOf(r), party: r.party, status: r.status });

  async function linesOf(scope: WorkspaceScope, orderId: string): Promise<Line[]> {
    const rows = await db
      .select({
        id: l.id,
        position: l.position,
        productId: l.productId,
        productName: products.productName,
        uomName: uoms.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: sql<string>`round(${l.quantity} * ${l.unitPrice}, 4)::text`,
        dueDate: l.dueDate,
        delivered: kind.delivered,
        mrpProposalId: kind.lineProposal(),
      })
      .from(l)
      .innerJoin(products, and(eq(products.accountId, l.accountId), eq(products.id, l.productId)))
      .leftJoin(uoms, and(eq(uoms.accountId, products.accountId), eq(uoms.id, products.uomId)))
      .where(and(scope.workspace(l), eq(l.orderId, orderId)))
      .orderBy(asc(l.position));
    return rows.map((r) =>
      kind.line(
        {
          id: r.id,
          position: r.position,
          product_id: r.productId,
          product_name: r.productName,
          uom_name: r.uomName,
          quantity: r.quantity,
          unit_price: r.unitPrice,
          line_total: r.lineTotal,
          due_date: r.dueDate,
        },
        { delivered: r.delivered, mrpProposalId: r.mrpProposalId },
      ),
    );
  }

  async function detail(scope: WorkspaceScope, id: string): Promise<Item & { lines: Line[] }> {
    const [row] = await selectOrders(and(scope.workspace(o), eq(o.id, id)), viewerToday(now()));
    if (!row) throw notFound();
    return { ...toItem(row), lines: await linesOf(scope, id) };
  }

  const ORDER_COLUMNS = {
    number: o.number,
    order_date: o.orderDate,
    due_date: o.dueDate,
    created_at: o.createdAt,
  } as const;

  function orderBy(sort: OrderSort): SQL[] {
    const descending = sort.startsWith('-');
    const key = (descending ? sort.slice(1) : sort) as keyof typeof ORDER_COLUMNS;
    const direction = descending ? desc : asc;
    return [direction(ORDER_COLUMNS[key]), direction(o.id)];
  }

  function listOf(scope: WorkspaceScope, query: ExportQuery) {
    const values = { ...scope.workspaceValues(), today: viewerToday(now()) };
    const shape = new ListShape(`${kind.sequence}s`, values, () => inScopeWorkspace(o))
      .param(
        'q',
        query.q ? containing(query.q) : undefined,
        (q) =>
          or(
            ilike(kind.party, q),
            ilike(sql`${sql.raw(`'${prefix}'`)} || lpad(${o.number}::text, 5, '0')`, q),
          ) as SQL,
      )
      .param('status', query.status, (status) => eq(o.status, status))
      .param('due_after', query.due_after, (day) => gte(o.dueDate, day))
      .param('due_before', query.due_before, (day) => lte(o.dueDate, day))
      .sorted(query.sort);
    return {
      shape,
      build: () => ({
        select: selectOrders(shape.where(), sql.placeholder('today')),
        order: orderBy(query.sort),
      }),
      table: o,
      toItem,
    };
  }

  const list = (scope: WorkspaceScope, query: ListQuery) => sortedPageOf(db, query, listOf(scope, query));

  async function exportCsv(scope: WorkspaceScope, query: ExportQuery) {
    const exported = { ...listOf(scope, query), toItem: toExportRow };
    const fetched = await sortedListOf(db, exported, EXPORT_ROWS_MAX + 1);
    const { rows, truncatedAt } = capRows(fetched, EXPORT_ROWS_MAX);
    const at = now();
    const filters = { kind: kind.name, ...query };
    await recordAudit(db, exportEvent(scope, 'export.orders', rows.length, filters, at));
    return {
      filename: csvFilename(`${kind.name}-orders`, at),
      csv: ordersCsv(kind.partyHeader, rows),
      truncatedAt,
    };
  }

  /**
   * 400 naming each line whose product is not one of the workspace's, or is inactive (the MRP run
   * plans active products only, so such a line would be left out of it); a product the order
   * already had (`kept`, an edit of a draft) may stay on it while inactive. A line's quantity is
   * whole when its product is counted in whole units.
   */
  async function assertProducts(
    tx: Db,
    scope: WorkspaceScope,
    input: OrderInput,
    kept: ReadonlySet<string> = new Set(),
  ) {
    const ids = [...new Set(input.lines.map((line) => line.product_id))];
    const found = await tx
      .select({ id: products.id, name: products.productName, status: products.status })
      .from(products)
      .where(and(scope.workspace(products), inArray(products.id, ids)));
    const known = new Map(found.map((row) => [row.id, row]));
    const fields: Record<string, string> = {};
    input.lines.forEach((line, i) => {
      const product = known.get(line.product_id);
      if (!product) fields[`lines.${i}.product_id`] = operationsMessages.productUnknown;
      else if (product.status !== 'active' && !kept.has(product.id)) {
        fields[`lines.${i}.product_id`] = operationsMessages.productInactive(product.name);
      }
    });
    Object.assign(
      fields,
      await fractionalQuantities(
        tx,
        scope,
        input.lines.flatMap((line, i) =>
          fields[`lines.${i}.product_id`]
            ? []
            : [{ field: `lines.${i}.quantity`, productId: line.product_id, quantity: line.quantity }],
        ),
      ),
    );
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
  }

  const partyOf = (input: OrderInput): string | null =>
    'supplier_name' in input ? input.supplier_name : input.customer_name;

  /** The lines of `input`, numbered from 1; `proposals` keeps a line's MRP proposal at its place. */
  async function insertLines(
    tx: Db,
    scope: WorkspaceScope,
    orderId: string,
    input: OrderInput,
    proposals: Map<string, string> = new Map(),
  ) {
    await tx.insert(l).values(
      input.lines.map((line, i) => ({
        ...scope.workspaceValues(),
        orderId,
        position: i + 1,
        productId: line.product_id,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        dueDate: line.due_date ?? input.due_date,
        ...(proposals.has(`${i + 1}|${line.product_id}`)
          ? { mrpProposalId: proposals.get(`${i + 1}|${line.product_id}`) }
          : {}),
      })),
    );
  }

  async function create(scope: WorkspaceScope, input: OrderInput) {
    await assertProducts(db, scope, input);
    const at = now();
    const id = await db.transaction(async (tx) => {
      const number = await takeOrderNumbers(tx, scope, kind.sequence);
      const [created] = await tx
        .insert(o)
        .values({
          ...scope.workspaceValues(),
          number,
          orderDate: input.order_date,
          dueDate: input.due_date,
          notes: input.notes,
          ...kind.partyValues(partyOf(input)),
          createdBy: scope.auth.user_id,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: o.id });
      if (!created) throw new Error('order insert returned no row');
      await insertLines(tx, scope, created.id, input);
      return created.id;
    });
    return detail(scope, id);
  }

  /**
   * A draft only (409 orderNotDraft): its fields, and its lines replaced. Made against `expected`
   * (If-Match: the order's updated_at, which every edit, step and delivery moves), it is refused
   * (412) once anyone has saved the order since.
   */
  async function update(scope: WorkspaceScope, id: string, input: OrderInput, expected?: EditVersion) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, scope, kind, id);
      if (order.status !== 'draft') throw conflict(operationsMessages.orderNotDraft);
      assertVersion(order.updatedAt, expected);
      // A line made from an MRP proposal keeps it while its place and product stay.
      const old = await tx
        .select({ position: l.position, productId: l.productId, proposal: kind.lineProposal() })
        .from(l)
        .where(and(scope.workspace(l), eq(l.orderId, id)));
      await assertProducts(tx, scope, input, new Set(old.map((line) => line.productId)));
      const proposals = new Map<string, string>();
      for (const line of old) {
        if (line.proposal !== null) proposals.set(`${line.position}|${line.productId}`, line.proposal);
      }
      await tx.delete(l).where(and(scope.workspace(l), eq(l.orderId, id)));
      await tx
        .update(o)
        .set({
          orderDate: input.order_date,
          dueDate: input.due_date,
          notes: input.notes,
          ...kind.partyValues(partyOf(input)),
          // Past the stored version even within its millisecond: the lines are part of it.
          updatedAt: nextVersion(o.updatedAt, now()),
        })
        .where(and(scope.workspace(o), eq(o.id, id)));
      await insertLines(tx, scope, id, input, proposals);
    });
    return detail(scope, id);
  }

  /** Whether any line of the order has had something delivered. */
  async function anyDelivered(tx: Db, scope: WorkspaceScope, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: l.id })
      .from(l)
      .where(and(scope.workspace(l), eq(l.orderId, id), sql`${kind.delivered} > 0`))
      .limit(1);
    return row !== undefined;
  }

  const STAMPS = { confirm: 'confirmedAt', close: 'closedAt', cancel: 'cancelledAt' } as const;

  /**
   * 409 when the order names nobody to order from: a purchase order may stay without a supplier
   * while a draft (an MRP draft has none), never once confirmed. A customer order always has one.
   */
  async function assertParty(tx: Db, scope: WorkspaceScope, id: string) {
    const [row] = await tx
      .select({ party: kind.party })
      .from(o)
      .where(and(scope.workspace(o), eq(o.id, id)));
    if (!row?.party?.trim()) throw conflict(operationsMessages.orderSupplierRequired);
  }

  /**
   * confirm, close or cancel (kind.steps): 409 orderStepRefused from another status, and for a
   * confirmed order, cancel only while nothing was delivered and close only once something was.
   */
  async function takeStep(scope: WorkspaceScope, id: string, step: StatusStep) {
    const { past } = kind.steps[step];
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, scope, kind, id);
      // Delivery counts only for a confirmed order's close or cancel (orderStepRefusal).
      const delivered =
        order.status === 'confirmed' && step !== 'confirm' && (await anyDelivered(tx, scope, id));
      const refusal = orderStepRefusal(
        kind.steps as Record<string, { from: readonly string[]; past: string }>,
        step,
        { status: order.status, delivered },
        kind.name === 'purchase' ? 'received' : 'shipped',
      );
      if (refusal) throw conflict(refusal);
      if (step === 'confirm') await assertParty(tx, scope, id);
      const at = now();
      await tx
        .update(o)
        .set({ status: sql`${statusOf(past)}`, [STAMPS[step]]: at, updatedAt: at })
        .where(and(scope.workspace(o), eq(o.id, id)));
    });
    return detail(scope, id);
  }

  async function deliver(scope: WorkspaceScope, id: string, body: z.output<typeof orderDeliveryBody>) {
    await db.transaction((tx) => deliverOrder(tx, scope, kind, id, body, now()));
    return detail(scope, id);
  }

  return {
    list,
    /** The list's statement's parts (db/paging.ts), for the tests that read its plan. */
    listOf,
    exportCsv,
    get: detail,
    create,
    update,
    confirm: (scope: WorkspaceScope, id: string) => takeStep(scope, id, 'confirm'),
    close: (scope: WorkspaceScope, id: string) => takeStep(scope, id, 'close'),
    cancel: (scope: WorkspaceScope, id: string) => takeStep(scope, id, 'cancel'),
    deliver,
  };
}

export const createPurchaseOrderService = (ctx: Ctx) => createOrderService(ctx, purchaseKind);
export const createCustomerOrderService = (ctx: Ctx) => createOrderService(ctx, customerKind);
export type PurchaseOrderService = ReturnType<typeof createPurchaseOrderService>;
export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
