import { Button, ColorSwatch, Group, Text } from '@mantine/core';
import type { Tag } from '@workhub/shared/schemas/tags';
import { DataTable } from '../../../components/data-table.tsx';

type TagTableProps = {
  tags: Tag[];
  /** Edit and Delete (not while the account is read-only). */
  mayManage: boolean;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
};

const usage = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Settings > Tags: colour, name, how many projects and tasks carry each, Edit and Delete. */
export const TagTable = ({ tags, mayManage, onEdit, onDelete }: TagTableProps) => (
  <DataTable
    label="Tags"
    minWidth={560}
    rows={tags}
    rowKey={(tag) => tag.id}
    columns={[
      {
        key: 'colour',
        header: 'Colour',
        cell: (tag) => <ColorSwatch color={tag.color} size={20} aria-label={`Colour ${tag.color}`} />,
      },
      {
        key: 'name',
        header: 'Name',
        sortValue: (tag) => tag.name,
        cell: (tag) => (
          <Text fw={600} size="sm">
            {tag.name}
          </Text>
        ),
      },
      {
        key: 'usage',
        header: 'Used by',
        sortValue: (tag) => tag.project_count + tag.task_count,
        cell: (tag) => (
          <Text size="sm">
            {usage(tag.project_count, 'project')} / {usage(tag.task_count, 'task')}
          </Text>
        ),
      },
      mayManage && {
        key: 'actions',
        header: 'Actions',
        cell: (tag) => (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => onEdit(tag)} aria-label={`Edit ${tag.name}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onDelete(tag)}
              aria-label={`Delete ${tag.name}`}
            >
              Delete
            </Button>
          </Group>
        ),
      },
    ]}
  />
);
