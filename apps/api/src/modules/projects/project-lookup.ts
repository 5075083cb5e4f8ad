import { messages } from '@workhub/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/work.ts';
import type { WorkspaceScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../lib/app-error.ts';

/**
 * A project of the session's workspace: 404 for a missing one, another account's, or another
 * workspace's of the same account (the three are indistinguishable). Milestones and tasks find
 * their project through this before any permission is asked.
 */
export async function projectInWorkspace(db: Db, scope: WorkspaceScope, id: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, status: projects.status })
    .from(projects)
    .where(and(scope.workspace(projects), eq(projects.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** An archived project is read-only: no edits, no new or changed milestones and tasks (409). */
export function refuseArchived(project: { status: string }): void {
  if (project.status === 'archived') throw conflict(messages.projectArchivedNoChanges);
}
