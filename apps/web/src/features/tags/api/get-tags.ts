import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { getTags, tagsKey } from '../../../lib/workspace-tags.ts';

/** GET /api/tags?page=&limit=: one page of the Settings > Tags table. */
export const useTagPage = (page: number) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...tagsKey, scope, 'list', page],
    queryFn: () => getTags(page, PAGE_SIZE_DEFAULT),
    placeholderData: keepPreviousData,
  });
};
