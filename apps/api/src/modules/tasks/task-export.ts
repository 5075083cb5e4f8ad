import type { Task } from '@workhub/shared/schemas/work';
import { toCsv } from '../../lib/csv.ts';

const COLUMNS = [
  'Name',
  'Project',
  'Milestone',
  'Assignee',
  'Status',
  'Priority',
  'Due date',
  'Tags',
  'Completed at',
];

/** GET /api/tasks/export: one line per task; the status shown (overdue computed); tags by name. */
export const tasksCsv = (items: readonly Task[]) =>
  toCsv(
    COLUMNS,
    items.map((t) => [
      t.name,
      t.project_name,
      t.milestone_name,
      `${t.first_name} ${t.last_name}`.trim(),
      t.status,
      t.priority,
      t.due_date,
      t.tags.map((tag) => tag.name).join(', '),
      t.completed_at,
    ]),
  );
