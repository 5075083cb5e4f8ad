import { z } from 'zod';
import { MEMBER_STATUSES, TEMPLATES, WORKSPACE_ROLES } from '../enums.ts';

/** Real figures of the current workspace (GET /api/dashboard). */
export const dashboardStats = z.object({
  workspace: z.object({ workspace_id: z.string(), workspace_name: z.string(), template: z.enum(TEMPLATES) }),
  members: z.object({ total: z.number().int(), active: z.number().int() }),
  projects: z.object({
    total: z.number().int(),
    not_started: z.number().int(),
    in_progress: z.number().int(),
    complete: z.number().int(),
    on_hold: z.number().int(),
    cancelled: z.number().int(),
    archived: z.number().int(),
  }),
  tasks: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
    /** Past their due date and not completed (computed, never stored). */
    overdue: z.number().int(),
    /** completed / total, 0-100; 0 when there are no tasks. */
    completion: z.number().int(),
  }),
  /** The last 8 weeks, oldest first; weeks start on Monday (UTC). */
  completed_per_week: z.array(z.object({ week_start: z.string(), completed: z.number().int() })),
  /** The first members (admin-types only; empty otherwise). */
  team: z.array(
    z.object({
      user_id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      role: z.enum(WORKSPACE_ROLES),
      status: z.enum(MEMBER_STATUSES),
    }),
  ),
  /** The most recently updated projects the caller may see. */
  projects_recent: z.array(
    z.object({
      project_id: z.string(),
      name: z.string(),
      status: z.string(),
      due_date: z.string().nullable(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
