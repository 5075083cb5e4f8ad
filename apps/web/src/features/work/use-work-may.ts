import type { Project } from '@workhub/shared/schemas/work';
import { useCallback } from 'react';
import { changesData, type May, useMay } from '../../lib/use-may.ts';

/** What the work pages need to know of a project to decide its controls: its status. */
export type ProjectState = Pick<Project, 'status'>;

/** An archived project is read-only: the API refuses its changes 409 (projectArchivedNoChanges). */
export const isArchivedProject = (project: ProjectState | undefined): boolean =>
  project?.status === 'archived';

/**
 * `useMay()` under a project: besides `can()` and the account's read-only state, nothing that
 * changes data (new, edit, delete, status) while the project is archived, nor while its status is
 * not known yet (`undefined`: still loading), so no control shows up only to vanish. Reads pass.
 * Every milestone and task page of one project decides its action controls with this.
 */
export const useWorkMay = (project: ProjectState | undefined): May => {
  const may = useMay();
  const locked = project === undefined || isArchivedProject(project);
  return useCallback(
    (action, resource) => may(action, resource) && !(locked && changesData(action)),
    [may, locked],
  );
};
