import { ActionIcon, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BomTree, BomTreeNode } from '@workhub/shared/schemas/operations';
import { Fragment, useState } from 'react';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { headed, priced } from '../../../lib/currency.ts';
import { useInPlaceEditor } from '../../../lib/dialog-autofocus.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { formatMoney, formatQty } from '../operations-format.ts';
import { PROCUREMENT_LABELS } from '../operations-options.ts';
import { BomLineInlineEditor } from './bom-line-inline-editor.tsx';

/** A node where it stands in the tree: its key (the lines leading to it), depth and parent. */
type Placed = { node: BomTreeNode; key: string; depth: number; parentId: string | null };

const keyOf = (parentKey: string, node: BomTreeNode) => `${parentKey}/${node.line_id ?? node.product_id}`;

/** Every node that has children, by key: what 'Expand all' opens. */
const branchKeys = (node: BomTreeNode, key = 'root', into: string[] = []): string[] => {
  if (node.children.length > 0) {
    into.push(key);
    for (const child of node.children) branchKeys(child, keyOf(key, child), into);
  }
  return into;
};

/** The rows to draw: the root, then each open node's children, depth first. */
const visibleRows = (root: BomTreeNode, open: ReadonlySet<string>): Placed[] => {
  const rows: Placed[] = [];
  const walk = (node: BomTreeNode, key: string, depth: number, parentId: string | null) => {
    rows.push({ node, key, depth, parentId });
    if (!open.has(key)) return;
    for (const child of node.children) walk(child, keyOf(key, child), depth + 1, node.product_id);
  };
  walk(root, 'root', 0, null);
  return rows;
};

type BomTreeViewProps = {
  tree: BomTree;
  /** Lines may be edited in place (operations:write). */
  mayEdit: boolean;
};

/**
 * The product's bill of materials through every level with the cost roll-up (GET .../bom/tree):
 * per component the quantity per parent, the total per one product, the unit cost (a bought
 * part's line cost or price, a made part's own roll-up) and the extended cost; the root's is the
 * estimated cost. Branches open and close one by one or all at once; a line's quantity and cost
 * are edited in place (its row becomes a small form) and the whole tree is read again.
 */
export const BomTreeView = ({ tree, mayEdit }: BomTreeViewProps) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(['root']));
  // A line's Edit makes way for its form: the form takes the focus, and gives it back to Edit.
  const { editing, open: edit, done, opener } = useInPlaceEditor<string>();
  const currency = useWorkspaceCurrency();
  const rows = visibleRows(tree.root, open);
  const allBranches = branchKeys(tree.root);

  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text size="sm">
          Estimated cost per {tree.root.uom_name ?? 'unit'}:{' '}
          <Text span fw={700} data-testid="estimated-cost">
            {priced(formatMoney(tree.estimated_cost), currency)}
          </Text>
        </Text>
        {allBranches.length > 1 ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(new Set(allBranches))}>
              Expand all
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen(new Set(['root']))}>
              Collapse all
            </Button>
          </Group>
        ) : null}
      </Group>
      <ScrollFrame label="Bill of materials">
        <Table miw={820} verticalSpacing="xs" highlightOnHover aria-label="Bill of materials">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Qty per parent</Table.Th>
              <Table.Th>Total qty</Table.Th>
              <Table.Th>{headed('Unit cost', currency)}</Table.Th>
              <Table.Th>{headed('Extended cost', currency)}</Table.Th>
              {mayEdit ? (
                <Table.Th>
                  <VisuallyHidden>Edit</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ node, key, depth, parentId }) => {
              const branch = node.children.length > 0;
              const expanded = open.has(key);
              const unit = node.uom_name ? ` ${node.uom_name}` : '';
              return (
                <Fragment key={key}>
                  <Table.Tr data-depth={depth} aria-level={depth + 1}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" pl={depth * 22}>
                        {branch ? (
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${node.product_name}`}
                            onClick={() => toggle(key)}
                          >
                            <span aria-hidden>{expanded ? '▾' : '▸'}</span>
                          </ActionIcon>
                        ) : (
                          <span style={{ display: 'inline-block', width: 22 }} />
                        )}
                        <Text size="sm" fw={depth === 0 ? 700 : 500}>
                          {node.product_name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {/* As wide as its word: a long name beside it squeezed the column to 'MA…'. */}
                      <Badge
                        variant="light"
                        size="xs"
                        miw="max-content"
                        color={node.procurement_type === 'make' ? 'indigo' : 'gray'}
                      >
                        {PROCUREMENT_LABELS[node.procurement_type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{depth === 0 ? '—' : `${formatQty(node.qty_per_parent)}${unit}`}</Table.Td>
                    <Table.Td>{`${formatQty(node.total_qty)}${unit}`}</Table.Td>
                    <Table.Td>{formatMoney(node.unit_cost)}</Table.Td>
                    <Table.Td fw={depth === 0 ? 700 : undefined}>{formatMoney(node.extended_cost)}</Table.Td>
                    {mayEdit ? (
                      <Table.Td>
                        {node.line_id && editing !== key ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Edit line ${node.product_name}`}
                            ref={opener(key)}
                            onClick={() => edit(key)}
                          >
                            Edit
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                  {editing === key && node.line_id && parentId ? (
                    <Table.Tr>
                      <Table.Td colSpan={mayEdit ? 7 : 6} bg="var(--mantine-color-gray-0)">
                        <BomLineInlineEditor
                          parentId={parentId}
                          lineId={node.line_id}
                          componentName={node.product_name}
                          onDone={() => done(key)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollFrame>
    </>
  );
};
