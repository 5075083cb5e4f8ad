import { type QueryClient, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { Tag } from '@workhub/shared/schemas/tags';
import { apiRequest } from './api-client.ts';
import { type ListPage, listQuery } from './api-types.ts';
import { useSessionScope } from './use-session-scope.ts';

/*
 * The workspace's tags, which two features read: Settings > Tags manages them, the project and task
 * forms and lists offer and show them. So their query key and the choice list live here.
 */

export const tagsKey = ['tags'] as const;

/** GET /api/tags?page=&limit=: a page of the workspace's tags by name, with their usage. */
export const getTags = (page: number, limit: number) =>
  apiRequest<ListPage<Tag>>(`/api/tags${listQuery({ page, limit })}`);

/** The workspace's tags by name for a select or a filter (the first 100). */
export const useTagChoices = (enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...tagsKey, scope, 'choices'],
    queryFn: async () => (await getTags(1, PAGE_SIZE_MAX)).data,
    enabled,
  });
};

/** Select options of the tags: value the id, label the name. */
export const tagOptions = (tags: readonly Pick<Tag, 'id' | 'name'>[] | undefined) =>
  (tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }));

/** The query families whose answers carry tags (features/work/api/query-keys.ts names the other two). */
const TAGGED_FAMILIES: readonly unknown[] = [tagsKey[0], 'projects', 'tasks'];

/**
 * After a tag is renamed, recoloured or deleted: the tags and every cached list or record that may
 * show it (projects and tasks of any page) are read again.
 */
export const invalidateTagged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: ({ queryKey }) => TAGGED_FAMILIES.includes(queryKey[0]) });
