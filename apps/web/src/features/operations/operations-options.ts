import {
  CUSTOMER_ORDER_STATUSES,
  type CustomerOrderStatus,
  LEAD_TIME_UNITS,
  type LeadTimeUnit,
  MRP_PROPOSAL_KINDS,
  type MrpProposalKind,
  OPERATIONS_RECORD_STATUSES,
  type OperationsRecordStatus,
  PROCUREMENT_TYPES,
  type ProcurementType,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
  STOCK_MOVE_KINDS,
  type StockMoveKind,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '@workhub/shared/schemas/operations';
import { optionsOf, type SelectOption } from '../../lib/labels.ts';

export const RECORD_STATUS_LABELS: Record<OperationsRecordStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

export const PROCUREMENT_LABELS: Record<ProcurementType, string> = { make: 'Make', buy: 'Buy' };

export const LEAD_TIME_UNIT_LABELS: Record<LeadTimeUnit, string> = { days: 'Days', weeks: 'Weeks' };

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const CUSTOMER_ORDER_STATUS_LABELS: Record<CustomerOrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  planned: 'Planned',
  released: 'Released',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STOCK_MOVE_KIND_LABELS: Record<StockMoveKind, string> = {
  receipt: 'Receipt',
  shipment: 'Shipment',
  production_in: 'Production in',
  production_out: 'Production out',
  adjustment: 'Adjustment',
};

export const PROPOSAL_KIND_LABELS: Record<MrpProposalKind, string> = { purchase: 'Buy', work: 'Make' };

export const RECORD_STATUS_OPTIONS: SelectOption[] = optionsOf(
  OPERATIONS_RECORD_STATUSES,
  RECORD_STATUS_LABELS,
);
export const PROCUREMENT_OPTIONS: SelectOption[] = optionsOf(PROCUREMENT_TYPES, PROCUREMENT_LABELS);
export const LEAD_TIME_UNIT_OPTIONS: SelectOption[] = optionsOf(LEAD_TIME_UNITS, LEAD_TIME_UNIT_LABELS);
export const PURCHASE_ORDER_STATUS_OPTIONS: SelectOption[] = optionsOf(
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUS_LABELS,
);
export const CUSTOMER_ORDER_STATUS_OPTIONS: SelectOption[] = optionsOf(
  CUSTOMER_ORDER_STATUSES,
  CUSTOMER_ORDER_STATUS_LABELS,
);
export const WORK_ORDER_STATUS_OPTIONS: SelectOption[] = optionsOf(
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
);
export const PROPOSAL_KIND_OPTIONS: SelectOption[] = optionsOf(MRP_PROPOSAL_KINDS, PROPOSAL_KIND_LABELS);
export const STOCK_MOVE_KIND_OPTIONS: SelectOption[] = optionsOf(STOCK_MOVE_KINDS, STOCK_MOVE_KIND_LABELS);

/** '3 days', '1 week'. */
export const leadTimeLabel = (time: number, unit: LeadTimeUnit): string =>
  `${time} ${unit === 'weeks' ? (time === 1 ? 'week' : 'weeks') : time === 1 ? 'day' : 'days'}`;
