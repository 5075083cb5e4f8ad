import type { Project } from '@workhub/shared/schemas/work';
import { toCsv } from '../../lib/csv.ts';

const COLUMNS = ['Name', 'Description', 'Status', 'Due date', 'Tags', 'Created by', 'Created at'];

/** GET /api/projects/export: one line per project; tags by name, joined by ', '. */
export const projectsCsv = (items: readonly Project[]) =>
  toCsv(
    COLUMNS,
    items.map((p) => [
      p.name,
      p.description,
      p.status,
      p.due_date,
      p.tags.map((tag) => tag.name).join(', '),
      `${p.first_name} ${p.last_name}`.trim(),
      p.created_at,
    ]),
  );
