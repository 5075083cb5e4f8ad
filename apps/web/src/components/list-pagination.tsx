import { Group, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';
import { counted } from '../lib/labels.ts';

type ListPaginationProps = {
  /** `capped`: the list stopped counting at `total` (there are more). */
  meta: { page: number; limit: number; total: number; capped?: boolean };
  page: number;
  onChange: (page: number) => void;
  /** What the list counts, for the summary ('3 workspaces'). */
  noun: [singular: string, plural: string];
};

/** Page links under a list (14 a page, spec section 9), and a way back when the last page emptied. */
export const ListPagination = ({ meta, page, onChange, noun }: ListPaginationProps) => {
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));
  // After archiving or removing the last row of the last page, show the page before it.
  useEffect(() => {
    if (page > pages) onChange(pages);
  }, [page, pages, onChange]);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {meta.capped ? 'More than ' : ''}
        {counted(meta.total, noun[0], noun[1])}
      </Text>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        hideWithOnePage
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
};
