// The bench's data, as SQL that runs the same on PostgreSQL and on PGlite, after the app's own
// migrations and plan seed. Every id is derived from its position (md5 of a label), so the load
// generator can name tenants, workspaces and projects without reading them back.
//
// Shape: `accounts` account holders on the Business plan (paid, unlimited), 3 workspaces each,
// 10 projects per workspace, 5 milestones per project. The first `big` accounts weigh 100 times
// the others: tasks are spread over projects in proportion to their account's weight, `tasks` in
// all. Normal accounts have 4 members besides the holder, big ones 49; every member belongs to
// the account's 3 workspaces (one admin, the rest members). 90% of tasks have an assignee (the
// holder or a member, in turn), 5 of 6 a milestone, 9 of 10 a due date within 120 days of today.

import { createHash } from 'node:crypto';

export const SEED_VERSION = 3;
export const BIG_WEIGHT = 100;
export const WORKSPACES_PER_ACCOUNT = 3;
export const PROJECTS_PER_WORKSPACE = 10;
export const MILESTONES_PER_PROJECT = 5;
export const BENCH_PASSWORD = 'bench-password-1';

export const accountId = (a) => md5uuid(`b-acct-${a}`);
export const ownerId = (a) => md5uuid(`b-owner-${a}`);
export const ownerEmail = (a) => `owner-${a}@bench.test`;
export const workspaceId = (a, w) => md5uuid(`b-ws-${a}-${w}`);
export const projectId = (a, w, p) => md5uuid(`b-proj-${a}-${w}-${p}`);

function md5uuid(text) {
  const h = createHash('md5').update(text).digest('hex');
  // Version 4 and the RFC variant, as the API's uuid validation requires.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

/** Statements in order; `$1` is never used: values are inlined numbers and one quoted hash. */
export function seedStatements({ accounts, big, tasks, passwordHash }) {
  const hash = passwordHash.replaceAll("'", "''");
  return [
    // md5 of a label as a version-4 uuid (the API's uuid validation checks version and variant).
    `create function pg_temp.bid(label text) returns uuid language sql immutable
       as $$ select overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`,
    `create temp table b_accounts as
       select a, pg_temp.bid('b-acct-' || a) as account_id, pg_temp.bid('b-owner-' || a) as owner_id,
              case when a <= ${big} then ${BIG_WEIGHT} else 1 end as weight,
              case when a <= ${big} then 49 else 4 end as member_count
       from generate_series(1, ${accounts}) a`,
    `insert into users (id, email, password_hash, first_name, last_name, email_verified_at, created_at, updated_at)
       select owner_id, 'owner-' || a || '@bench.test', '${hash}', 'Owner', 'Number ' || a, now(), now(), now()
       from b_accounts`,
    `insert into users (id, email, password_hash, first_name, last_name, email_verified_at, created_at, updated_at)
       select pg_temp.bid('b-member-' || a || '-' || m), 'member-' || a || '-' || m || '@bench.test', '${hash}',
              'Member ' || m, 'Of ' || a, now(), now(), now()
       from b_accounts, generate_series(1, member_count) m`,
    `insert into accounts (id, owner_user_id, created_at) select account_id, owner_id, now() from b_accounts`,
    `update users u set held_account_id = b.account_id from b_accounts b where u.id = b.owner_id`,
    `insert into subscriptions (account_id, plan_id, status, current_period_start, current_period_end, plan_chosen_at)
       select account_id,
              (select subscription_id from subscription_plans where title = 'Business' order by subscription_id limit 1),
              'active', now() - interval '10 days', now() + interval '1 year', now() - interval '10 days'
       from b_accounts`,
    `insert into workspaces (account_id, id, name, template, description, created_at, updated_at)
       select account_id, pg_temp.bid('b-ws-' || a || '-' || w), 'Workspace ' || w || ' of ' || a, 'workspace', '',
              now(), now()
       from b_accounts, generate_series(1, ${WORKSPACES_PER_ACCOUNT}) w`,
    `insert into workspace_members (account_id, workspace_id, user_id, role, created_at, updated_at)
       select account_id, pg_temp.bid('b-ws-' || a || '-' || w), owner_id, 'owner', now(), now()
       from b_accounts, generate_series(1, ${WORKSPACES_PER_ACCOUNT}) w`,
    `insert into workspace_members (account_id, workspace_id, user_id, role, created_at, updated_at)
       select account_id, pg_temp.bid('b-ws-' || a || '-' || w), pg_temp.bid('b-member-' || a || '-' || m),
              case when m = 1 then 'admin' else 'member' end, now(), now()
       from b_accounts, generate_series(1, ${WORKSPACES_PER_ACCOUNT}) w, generate_series(1, member_count) m`,
    `create temp table b_projects as
       select a, w, p, account_id, owner_id, member_count,
              pg_temp.bid('b-ws-' || a || '-' || w) as workspace_id,
              pg_temp.bid('b-proj-' || a || '-' || w || '-' || p) as project_id,
              sum(weight) over (order by a, w, p) - weight as before, weight
       from b_accounts, generate_series(1, ${WORKSPACES_PER_ACCOUNT}) w, generate_series(1, ${PROJECTS_PER_WORKSPACE}) p`,
    `alter table b_projects add column task_from bigint, add column task_to bigint`,
    `update b_projects set
       task_from = floor(${tasks}::numeric * before / (select sum(weight) from b_projects)),
       task_to = floor(${tasks}::numeric * (before + weight) / (select sum(weight) from b_projects))`,
    `insert into projects (account_id, id, workspace_id, name, description, status, due_date, created_by, created_at, updated_at)
       select account_id, project_id, workspace_id, 'Project ' || p || ' of workspace ' || w, '',
              (array['not_started', 'in_progress', 'in_progress', 'on_hold', 'complete'])[1 + (a + w + p) % 5],
              current_date + ((a * 7 + p * 13) % 180 - 30), owner_id,
              now() - ((a + p) % 300) * interval '1 day', now() - ((a * 3 + p) % 60) * interval '1 hour'
       from b_projects`,
    `insert into milestones (account_id, id, workspace_id, project_id, name, description, status, due_date, created_by)
       select account_id, pg_temp.bid('b-ms-' || project_id || '-' || m), workspace_id, project_id,
              'Milestone ' || m, '', (array['not_started', 'in_progress', 'completed'])[1 + (p + m) % 3],
              current_date + (m * 20 - 40), owner_id
       from b_projects, generate_series(1, ${MILESTONES_PER_PROJECT}) m`,
    // The tasks' secondary indexes (those of no constraint) are dropped before the rows go in and
    // made again from their own definitions after: nine B-trees kept up to date row by row, in
    // random order, took a minute of the seed; built once from the sorted rows, seconds.
    `create temp table b_task_indexes as
       select pg_get_indexdef(i.indexrelid) as def, i.indexrelid::regclass::text as name
       from pg_index i
       where i.indrelid = 'tasks'::regclass
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    `do $$ declare r record; begin
       for r in select name from b_task_indexes loop execute 'drop index ' || r.name; end loop;
     end $$`,
    `insert into tasks (account_id, workspace_id, project_id, milestone_id, name, description, assigned_to,
                        status, priority, due_date, completed_at, created_by, created_at, updated_at)
       select account_id, workspace_id, project_id,
              case when g % 6 < ${MILESTONES_PER_PROJECT} then pg_temp.bid('b-ms-' || project_id || '-' || (1 + g % 6)) end,
              'Task ' || g, '',
              case when g % 10 = 7 then null
                   when g % (member_count + 1) = 0 then owner_id
                   else pg_temp.bid('b-member-' || a || '-' || (g % (member_count + 1))) end,
              s.status,
              (array['low', 'medium', 'medium', 'high'])[1 + (g * 7) % 4],
              case when g % 10 <> 3 then current_date + ((g * 7919) % 240 - 120)::int end,
              case when s.status = 'completed' then now() - ((g * 13) % 60) * interval '1 day' end,
              owner_id, now() - ((g * 17) % 365) * interval '1 day', now() - ((g * 11) % 30) * interval '1 day'
       from b_projects
       cross join lateral generate_series(task_from, task_to - 1) g
       cross join lateral (select abs(hashint4(g::int)) % 10 as h) r
       cross join lateral (select case when h < 5 then 'pending' when h < 7 then 'in_progress'
                                       else 'completed' end as status) s`,
    `do $$ declare r record; begin
       for r in select def from b_task_indexes loop execute r.def; end loop;
     end $$`,
  ];
}
