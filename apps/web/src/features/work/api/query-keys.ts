import type { QueryClient } from '@tanstack/react-query';
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

export { idPath, recordPath } from '../../../lib/record-path.ts';
