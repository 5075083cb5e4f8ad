import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { Product } from '@workhub/shared/schemas/operations';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { headed } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { formatMoney, formatQty } from '../operations-format.ts';
import { PROCUREMENT_LABELS } from '../operations-options.ts';
import { OpsStatusBadge } from './ops-status-badge.tsx';

type ProductTableProps = {
  products: Product[];
  mayWrite: boolean;
  /** The product whose status is being changed, if any. */
  changingId: string | null;
  onToggleStatus: (product: Product) => void;
};

/**
 * /operations/products: name (to its detail and BOM), group, catalog, make or buy, on hand (flagged
 * below safety stock), price, BOM lines, status; Edit and Activate/Deactivate for who may write.
 */
export const ProductTable = ({ products, mayWrite, changingId, onToggleStatus }: ProductTableProps) => {
  const currency = useWorkspaceCurrency();
  return (
    <DataTable
      label="Products"
      // Fits the page at 1280 px (about 940 px beside the sidebar): long names and headers wrap,
      // the badges and buttons keep their words whole, so no sideways scroll until a narrower screen.
      minWidth={mayWrite ? 900 : 760}
      rows={products}
      rowKey={(product) => product.id}
      columns={[
        {
          key: 'name',
          header: 'Name',
          cell: (product) => (
            <Anchor component={Link} to={`/operations/products/${product.id}`} fw={600} size="sm">
              {product.product_name}
            </Anchor>
          ),
        },
        { key: 'group', header: 'Group', cell: (product) => product.product_group ?? '—' },
        { key: 'catalog', header: 'Catalog', cell: (product) => product.catalog_name ?? '—' },
        { key: 'type', header: 'Type', cell: (product) => PROCUREMENT_LABELS[product.procurement_type] },
        {
          key: 'on_hand',
          header: 'On hand',
          cell: (product) => (
            <Group gap={4} wrap="wrap">
              <Text size="sm">
                {formatQty(product.product_qty)}
                {product.uom_name ? ` ${product.uom_name}` : ''}
              </Text>
              {product.below_safety ? (
                <Badge
                  color="orange"
                  variant="light"
                  size="xs"
                  miw="max-content"
                  title={`Safety stock ${formatQty(product.safety_stock)}`}
                >
                  Below safety
                </Badge>
              ) : null}
            </Group>
          ),
        },
        { key: 'price', header: headed('Price', currency), cell: (product) => formatMoney(product.price) },
        {
          key: 'bom',
          header: 'BOM lines',
          cell: (product) => (product.procurement_type === 'make' ? product.bom_line_count : '—'),
        },
        {
          key: 'status',
          header: 'Status',
          cell: (product) => <OpsStatusBadge kind="record" status={product.status} />,
        },
        mayWrite && {
          key: 'edit',
          header: 'Edit',
          cell: (product) => (
            <Anchor component={Link} to={`/operations/products/${product.id}/edit`} size="sm">
              Edit
            </Anchor>
          ),
        },
        mayWrite && {
          key: 'toggle',
          header: 'Activate or deactivate',
          hideHeader: true,
          cell: (product) => (
            <Button
              size="xs"
              miw="max-content"
              variant="light"
              color={product.status === 'active' ? 'red' : 'green'}
              loading={changingId === product.id}
              disabled={changingId !== null && changingId !== product.id}
              onClick={() => onToggleStatus(product)}
            >
              {product.status === 'active' ? 'Deactivate' : 'Activate'}
            </Button>
          ),
        },
      ]}
    />
  );
};
