import type { QueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { tagsKey } from '../../../lib/workspace-tags.ts';

export const projectsKey = ['projects'] as const;
export const milestonesKey = ['milestones'] as const;
export const tasksKey = ['tasks'] as const;

/**
 * After any change to a project, milestone or task. They read each other's figures (a project's
 * task count and completion, a milestone's tasks, a task's milestone name), so all three reload.
 */
export const invalidateWork = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: projectsKey }),
    queryClient.invalidateQueries({ queryKey: milestonesKey }),
    queryClient.invalidateQueries({ queryKey: tasksKey }),
    // How many projects and tasks carry each tag (Settings > Tags).
    queryClient.invalidateQueries({ queryKey: tagsKey }),
  ]);

/** `/api/...` with an id in the path, escaped. */
export const idPath = (prefix: string, id: string, suffix = '') =>
  `${prefix}/${encodeURIComponent(id)}${suffix}`;

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path of one project, milestone or task whose id comes from the address bar. An address whose
 * id cannot name a record (/task/list) is answered as the API answers an id that names none, a
 * 404 ("Not found."), without asking it: the API would refuse the id as a field that is not valid.
 */
export const recordPath = (prefix: string, id: string): string => {
  if (!RECORD_ID.test(id)) {
    throw new ApiError({ status: 404, code: 'NOT_FOUND', message: messages.notFound });
  }
  return idPath(prefix, id);
};
