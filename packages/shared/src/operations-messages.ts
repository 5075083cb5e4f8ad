/**
 * The Operations module's messages (issue 13: catalogs, units, products, BOM lines, orders, stock,
 * MRP), apart from the core's `messages` as cbeMessages and ticketingMessages are: the sign-in page
 * loads `messages`, and a module's words are no part of its first load.
 */
export const operationsMessages = {
  leadTimeInvalid: 'Lead time must be a whole number from 0 to 999',
  catalogCreated: 'Catalog created',
  uomCreated: 'Unit created',
  catalogNameTaken: 'This workspace already has a catalog with that name.',
  uomNameTaken: 'This workspace already has a unit with that name.',
  catalogUnknown: 'Choose a catalog of this workspace',
  uomUnknown: 'Choose a unit of this workspace',
  productCreated: 'Product created',
  productNameRequired: 'Product name is required',
  productNameTaken: 'This workspace already has a product with that name.',
  productUnknown: 'Choose a product of this workspace',
  priceRequired: 'Price is required',
  quantityRequired: 'Quantity is required',
  bomComponentRequired: 'Choose a component',
  bomLineCreated: 'Line added',
  bomLineDeleted: 'Line removed',
  bomComponentTaken: 'This product already has a line for that component: change its quantity instead.',
  /** `path` names the products, e.g. 'Bicycle → Wheel → Bicycle' (formatCyclePath). */
  bomCycle: (path: string) => `This line would make a cycle: ${path}`,
  /** A line on a path of more than `max` products (BOM_DEPTH_MAX); `path` from its top to its bottom. */
  bomTooDeep: (levels: number, max: number, path: string) =>
    `This line would make a bill of materials ${levels.toLocaleString('en-US')} levels deep: ${path}. A bill of materials has at most ${max} levels (its tree and cost show no more).`,
  bomAttachmentInvalid: 'The file must be a PDF, PNG, JPEG, WebP, GIF, text or CSV file of at most 5 MB.',
  bomAttachmentRemoved: 'Attachment removed',
  bomTreeTooLarge:
    'This bill of materials is too deep or too large to show (at most 50 levels and 100,000 lines).',
  orderCreated: 'Order created',
  orderLinesRequired: 'Add at least one line',
  orderLinesTooMany: 'An order has at most 200 lines',
  orderDateRequired: 'Order date is required',
  customerNameRequired: 'Customer name is required',
  dueBeforeOrderDate: 'The due date cannot be before the order date',
  orderNotDraft: 'Only a draft order can be edited.',
  /** A purchase order confirmed without a supplier (an MRP draft has none until edited). */
  orderSupplierRequired: 'Name the supplier before confirming: edit the draft to add one.',
  orderLineUnknown: 'This line is not a line of this order',
  /** A status step the order's status does not allow, e.g. ('received', 'cancelled'). */
  orderStepRefused: (status: string, step: string) => `A ${status} order cannot be ${step}.`,
  workOrderStepRefused: (status: string, step: string) => `A ${status} work order cannot be ${step}.`,
  /** Cancel of a confirmed order that has had goods received or shipped ('received', 'shipped'). */
  orderCancelDelivered: (delivered: string) =>
    `Goods have been ${delivered} on this order: close it instead (the rest is then no longer expected).`,
  /** Close of a confirmed order with nothing received or shipped yet. */
  orderCloseUndelivered: (delivered: string) =>
    `Nothing has been ${delivered} on this order yet: cancel it instead.`,
  orderConfirmed: 'Order confirmed',
  orderReceived: 'Goods received',
  orderShipped: 'Goods shipped',
  orderClosed: 'Order closed',
  orderCancelled: 'Order cancelled',
  workOrderReleased: 'Work order released',
  workOrderCompleted: 'Work order completed',
  workOrderCancelled: 'Work order cancelled',
  /** More than an order line still expects, e.g. ('Spoke', '40'). */
  receiveTooMuch: (product: string, remaining: string) => `Only ${remaining} of ${product} remain to receive`,
  shipTooMuch: (product: string, remaining: string) => `Only ${remaining} of ${product} remain to ship`,
  notEnoughStock: (product: string, onHand: string, needed: string) =>
    `Not enough stock of ${product}: ${onHand} on hand, ${needed} needed`,
  adjustmentReasonRequired: 'Reason is required',
  stockAdjusted: 'Stock updated',
  /** A count made against an on-hand figure that has changed since it was read (a move in between), e.g. ('Bolt', '0'). */
  stockChangedSinceCount: (product: string, onHand: string) =>
    `The stock of ${product} changed while you counted: ${onHand} on hand now. Check the count against this figure and save it again.`,
  /** The figure a count was made against is missing (the form reads it with the product). */
  expectedOnHandRequired: 'Wait for the on-hand figure to load before saving the count',
  /** PATCH of a product's unit once its quantities are recorded in it, e.g. ('Bolt'). */
  productUnitInUse: (product: string) =>
    `The unit of ${product} cannot change: it has stock moves or is on a bill of materials, whose quantities are in this unit. Create a new product for the other unit.`,
  /** Why the product form's unit is disabled (the same rule as productUnitInUse). */
  productUnitLockedHint:
    'The unit cannot change: this product has stock moves or is on a bill of materials, whose quantities are in this unit.',
  /** A new or changed order or BOM line naming an inactive product, e.g. ('Bulb'). */
  productInactive: (product: string) => `${product} is inactive: choose an active product`,
  wholeUnitsOnly: (product: string, uom: string) =>
    `${product} is counted in whole units (${uom}): enter a whole number.`,
  /** Why a draft purchase order's Confirm is disabled (the API answers orderSupplierRequired). */
  orderSupplierMissingHint: 'This draft has no supplier yet: edit the draft to name one, then confirm it.',
  openingStockReason: 'Opening stock',
  horizonDaysInvalid: 'The horizon is a whole number of days from 1 to 365',
  mrpRunDone: (proposals: number) =>
    `MRP run done: ${proposals.toLocaleString('en-GB')} ${proposals === 1 ? 'proposal' : 'proposals'}`,
  proposalIdsRequired: 'Choose at least one proposal',
  proposalIdsTooMany: 'Confirm at most 2,000 proposals at a time',
  proposalUnknown: 'One of these proposals is not a proposal of this run.',
  /** The pegging drawer followed a parent proposal the run does not hold (in principle never). */
  parentProposalNotFound: 'This parent proposal could not be found in this run.',
  proposalAlreadyConfirmed: 'One of these proposals is already confirmed.',
  /** Confirming from a run that a newer run of the workspace has replaced (docs/decisions.md, MRP confirm). */
  mrpRunSuperseded: 'A newer MRP run has replaced this one: confirm the proposals of the latest run.',
  proposalsConfirmed: (purchaseOrders: number, workOrders: number) =>
    `Created ${purchaseOrders} draft purchase ${purchaseOrders === 1 ? 'order' : 'orders'} and ${workOrders} work ${workOrders === 1 ? 'order' : 'orders'}`,
  importRowsRequired: 'The file has no rows to import',
  importRowsTooMany: 'Import at most 10,000 rows at a time',
  importDone: (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} imported`,
  importHasErrors: 'Nothing was imported: correct the rows below and try again.',
  importNameTaken: (name: string) => `A product named ${name} already exists`,
  importNameRepeated: (name: string, row: number) => `${name} is also on row ${row}`,
  importCatalogUnknown: (name: string) => `No catalog named ${name}`,
  importUomUnknown: (name: string) => `No unit named ${name}`,
  importProductUnknown: (name: string) => `No product named ${name}`,
  /** An order line due before its order's date (the order's own due date has dueBeforeOrderDate). */
  lineDueBeforeOrderDate: "The line's due date cannot be before the order date",
  /** ORDER_DATE_MIN..ORDER_DATE_MAX (packages/shared/src/schemas/operations-orders.ts). */
  orderDateOutOfRange: 'The order date must be between 1 Jan 2000 and 31 Dec 2099',
  /** The import's request passes the routes' body limit (IMPORT_BODY_MAX_BYTES), e.g. ('5 MB'). */
  importTooLarge: (limit: string) =>
    `This file is too large to import at once: an import takes at most ${limit}. Split it into smaller files and import them one after the other.`,
  importNotUtf8:
    'This file is not UTF-8 text, so its accented letters would be garbled: nothing was imported. Save it as UTF-8 (in Excel: "CSV UTF-8 (Comma delimited)") and choose it again.',
  /** A proposal above MRP_ORDER_QUANTITY_MAX (numeric(14,4)): the run's exception, e.g. ('Spoke', '719999999999.9928'). */
  mrpQuantityTooLarge: (product: string, quantity: string) =>
    `The proposal for ${product} (${quantity}) is more than an order can hold (9,999,999,999.9999): it cannot be confirmed. Check the demand and the BOM quantities.`,
  /** Confirming such a proposal (400). */
  proposalTooLarge: (product: string) =>
    `The proposal for ${product} asks for more than an order can hold (9,999,999,999.9999): it cannot be confirmed.`,
} as const;
