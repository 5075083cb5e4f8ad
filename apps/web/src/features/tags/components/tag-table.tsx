import { Button, ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { Tag } from '@workhub/shared/schemas/tags';

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
  <Table.ScrollContainer minWidth={560}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Colour</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Used by</Table.Th>
          {mayManage ? <Table.Th>Actions</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tags.map((tag) => (
          <Table.Tr key={tag.id}>
            <Table.Td>
              <ColorSwatch color={tag.color} size={20} aria-label={`Colour ${tag.color}`} />
            </Table.Td>
            <Table.Td>
              <Text fw={600} size="sm">
                {tag.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {usage(tag.project_count, 'project')} / {usage(tag.task_count, 'task')}
              </Text>
            </Table.Td>
            {mayManage ? (
              <Table.Td>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onEdit(tag)}
                    aria-label={`Edit ${tag.name}`}
                  >
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
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
