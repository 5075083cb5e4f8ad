import { Badge, Group } from '@mantine/core';
import type { TagRef } from '@workhub/shared/schemas/tags';

/** The tags a project or task carries, each a badge in its own colour; nothing when it has none. */
export const TagBadges = ({ tags }: { tags: readonly TagRef[] }) =>
  tags.length === 0 ? null : (
    <Group gap={4} mt={4} aria-label="Tags">
      {tags.map((tag) => (
        <Badge key={tag.id} color={tag.color} autoContrast size="sm" variant="filled" tt="none">
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
