import { Button, Group, Modal, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { BomLine, Product } from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { headed } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useBomLines, useDeleteBomLine } from '../api/bom.ts';
import { formatMoney, formatQty } from '../operations-format.ts';
import { leadTimeLabel } from '../operations-options.ts';
import { BomAttachmentCell } from './bom-attachment-cell.tsx';
import { BomLineForm } from './bom-line-form.tsx';
import { OpsStatusBadge } from './ops-status-badge.tsx';
import { Section } from './section.tsx';

type Editing = { line?: BomLine } | null;

/**
 * The product's own BOM lines (one level): add, edit, remove (asked first) and attach a file to
 * each. The tree above shows every level and the roll-up; both reload after a change.
 */
export const BomLinesPanel = ({ product, mayEdit }: { product: Product; mayEdit: boolean }) => {
  const lines = useBomLines(product.id);
  const currency = useWorkspaceCurrency();
  const remove = useDeleteBomLine();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<BomLine | null>(null);

  const onRemove = async () => {
    if (!removing) return;
    try {
      const answer = await remove.mutateAsync(removing.id);
      notify.success(answer.message || operationsMessages.bomLineDeleted);
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const addLine = mayEdit ? (
    <Button size="xs" onClick={() => setEditing({})}>
      + Add line
    </Button>
  ) : null;

  return (
    <Section title="Lines" actions={addLine}>
      <DataTable
        label={`Lines of ${product.product_name}`}
        minWidth={900}
        rows={lines.data?.data}
        loading={lines.isPending}
        error={lines.error}
        errorTitle="The lines could not be loaded"
        onRetry={() => void lines.refetch()}
        rowKey={(line) => line.id}
        empty={
          <EmptyList
            title="No lines yet"
            description={
              product.procurement_type === 'make'
                ? 'A made product needs its components before it can be planned.'
                : 'A bought product usually has none.'
            }
          >
            {addLine}
          </EmptyList>
        }
        columns={[
          {
            key: 'component',
            header: 'Component',
            cell: (line) => (
              <Text size="sm" fw={600}>
                {line.product_needed_name}
              </Text>
            ),
          },
          {
            key: 'qty',
            header: 'Quantity',
            cell: (line) =>
              `${formatQty(line.bom_qty)}${line.product_needed_uom ? ` ${line.product_needed_uom}` : ''}`,
          },
          {
            key: 'lead',
            header: 'Lead time offset',
            cell: (line) => leadTimeLabel(line.lead_time, line.lead_time_unit),
          },
          {
            key: 'cost',
            header: headed('Cost per unit', currency),
            cell: (line) => (line.cost_per_unit === null ? 'Price' : formatMoney(line.cost_per_unit)),
          },
          { key: 'notes', header: 'Notes', cell: (line) => line.notes ?? '—' },
          {
            key: 'file',
            header: 'Attachment',
            cell: (line) => <BomAttachmentCell line={line} mayEdit={mayEdit} />,
          },
          {
            key: 'status',
            header: 'Status',
            cell: (line) => <OpsStatusBadge kind="record" status={line.status} />,
          },
          mayEdit && {
            key: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (line) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ line })}>
                  Edit
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.product_needed_name}`}
                  onClick={() => setRemoving(line)}
                >
                  Remove
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.line
            ? `Edit line: ${editing.line.product_needed_name}`
            : `New line of ${product.product_name}`
        }
        centered
        size="lg"
      >
        {editing ? (
          <BomLineForm
            productId={product.id}
            productName={product.product_name}
            line={editing.line}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing?.product_needed_name ?? 'this line'}?`}
        confirmLabel="Remove line"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={onRemove}
      >
        <Text size="sm">
          {product.product_name} will no longer need {removing?.product_needed_name}; its attachment is
          deleted too. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Section>
  );
};
