import { download } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/api-types.ts';
import { filterParams, type ListFilterValues } from '../../../lib/use-list-filters.ts';
import type { TaskScope } from './get-tasks.ts';

/** 'YYYY-MM-DD' of today here: the file's name when the answer does not name it. */
const today = () => new Date().toISOString().slice(0, 10);

/** GET /api/projects/export with the list's filters and sort (no paging): saves projects-<day>.csv. */
export const exportProjects = ({ archived, filters }: { archived: boolean; filters: ListFilterValues }) => {
  const { assigned_to: _everyone, ...params } = filterParams(filters);
  return download(`/api/projects/export${listQuery({ archived, ...params })}`, `projects-${today()}.csv`);
};

/** GET /api/tasks/export with the list's scope, filters and sort (no paging): saves tasks-<day>.csv. */
export const exportTasks = ({ scope, filters }: { scope: TaskScope; filters: ListFilterValues }) =>
  download(`/api/tasks/export${listQuery({ ...filterParams(filters), ...scope })}`, `tasks-${today()}.csv`);
