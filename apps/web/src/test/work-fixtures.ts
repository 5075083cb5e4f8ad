import type { Tag } from '@workhub/shared/schemas/tags';
import type { TeamMember } from '@workhub/shared/schemas/team';
import type { Milestone, Project, Task } from '@workhub/shared/schemas/work';

/** Ids the shared schemas accept (uuids), named for what they are. */
export const ids = {
  project: '00000000-0000-4000-8000-0000000000a1',
  otherProject: '00000000-0000-4000-8000-0000000000a2',
  milestone: '00000000-0000-4000-8000-0000000000b1',
  task: '00000000-0000-4000-8000-0000000000c1',
  otherTask: '00000000-0000-4000-8000-0000000000c2',
  owner: '00000000-0000-4000-8000-0000000000d1',
  wendy: '00000000-0000-4000-8000-0000000000d2',
  gone: '00000000-0000-4000-8000-0000000000d3',
  guest: '00000000-0000-4000-8000-0000000000d4',
  customer: '00000000-0000-4000-8000-0000000000d5',
  removed: '00000000-0000-4000-8000-0000000000d6',
  urgent: '00000000-0000-4000-8000-0000000000e1',
  client: '00000000-0000-4000-8000-0000000000e2',
} as const;

const at = '2026-01-01T00:00:00.000Z';

export const fakeProject = (patch: Partial<Project> = {}): Project => ({
  project_id: ids.project,
  workspace_id: 'w-workspace',
  name: 'Launch',
  description: 'Ship the product.',
  status: 'in_progress',
  due_date: '2026-06-30',
  created_by: ids.owner,
  first_name: 'Olive',
  last_name: 'Owner',
  milestones_count: 1,
  tasks_count: 2,
  completion: 50,
  tags: [],
  created_at: at,
  updated_at: at,
  ...patch,
});

export const fakeTag = (patch: Partial<Tag> = {}): Tag => ({
  id: ids.urgent,
  name: 'Urgent',
  color: '#e03131',
  project_count: 2,
  task_count: 1,
  updated_at: at,
  ...patch,
});

/** The workspace's tags of the forms and filters: Client A and Urgent. */
export const fakeTags = () => [
  fakeTag({ id: ids.client, name: 'Client A', color: '#1e90ff', project_count: 0, task_count: 0 }),
  fakeTag(),
];

export const fakeMilestone = (patch: Partial<Milestone> = {}): Milestone => ({
  milestone_id: ids.milestone,
  project_id: ids.project,
  project_name: 'Launch',
  name: 'Beta',
  description: 'The beta release.',
  status: 'not_started',
  due_date: '2026-04-30',
  created_by: ids.owner,
  first_name: 'Olive',
  last_name: 'Owner',
  tasks_count: 3,
  tasks_completed: 1,
  created_at: at,
  updated_at: at,
  ...patch,
});

export const fakeTask = (patch: Partial<Task> = {}): Task => ({
  task_id: ids.task,
  project_id: ids.project,
  project_name: 'Launch',
  milestone_id: null,
  milestone_name: '',
  name: 'Write the docs',
  description: 'All of them.',
  assigned_to: ids.wendy,
  first_name: 'Wendy',
  last_name: 'Worker',
  status: 'pending',
  stored_status: 'pending',
  priority: 'medium',
  due_date: '2026-05-01',
  completed_at: null,
  tags: [],
  created_at: at,
  updated_at: at,
  ...patch,
});

export const fakeMember = (patch: Partial<TeamMember> = {}): TeamMember => ({
  user_id: ids.wendy,
  first_name: 'Wendy',
  last_name: 'Worker',
  email: 'wendy@example.com',
  role: 'worker',
  status: 'active',
  phone: null,
  address: null,
  state: null,
  country: null,
  city: null,
  zip: null,
  notes: null,
  joined_at: at,
  updated_at: at,
  ...patch,
});

/** `{ data, meta }` of one page. */
export const page = <T>(data: T[], total = data.length) => ({ data, meta: { page: 1, limit: 14, total } });
