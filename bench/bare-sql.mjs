// The SQL the product runs for each benchmarked page, as its statement log shows it (Drizzle's
// output, parameters in the same places), minus what the product adds around it: the session and
// membership checks, and a create's checks of its project and assignee. The bare server
// (bare-server.mjs) runs exactly these, as named prepared statements, as the product does
// (apps/api/src/db/prepared.ts): each is parsed and planned once per connection.

/**
 * The record's tags as a column of the list's statement (a correlated sub-select): a page costs
 * its rows and its count, no query for the tags after them (tag-links.ts tagsColumn).
 */
function tagsColumn(kind, records) {
  const table = `${kind}_tags`;
  return `(select coalesce(json_agg(json_build_object('id', "tags"."id", 'name', "tags"."name", 'color', "tags"."color")
    order by lower("tags"."name"), "tags"."id"), '[]'::json) from "${table}"
    inner join "tags" on ("tags"."account_id" = "${table}"."account_id" and "tags"."id" = "${table}"."tag_id")
    where "${table}"."account_id" = "${records}"."account_id" and "${table}"."workspace_id" = "${records}"."workspace_id"
      and "${table}"."${kind}_id" = "${records}"."id")`;
}

const TASK_COLUMNS = `"tasks"."account_id", "tasks"."id", "tasks"."workspace_id", "tasks"."project_id",
  "tasks"."milestone_id", "tasks"."name", "tasks"."description", "tasks"."assigned_to", "tasks"."status",
  "tasks"."priority", "tasks"."due_date", "tasks"."completed_at", "tasks"."created_by", "tasks"."created_at",
  "tasks"."updated_at", "projects"."name", "projects"."status", "milestones"."name", "users"."first_name",
  "users"."last_name", ${tagsColumn('task', 'tasks')}`;

const TASK_JOINS = `from "tasks" inner join "projects" on ("projects"."account_id" = "tasks"."account_id" and "projects"."id" = "tasks"."project_id")
  left join "milestones" on ("milestones"."account_id" = "tasks"."account_id" and "milestones"."id" = "tasks"."milestone_id")
  left join "users" on "users"."id" = "tasks"."assigned_to"`;

/** GET /api/tasks?project_id=&status=pending&sort=due_date&page=&limit=14 */
export async function taskList(sql, { account, workspace, project, page, today }) {
  const limit = 14;
  const offset = (Number(page) - 1) * limit;
  const where = `(("tasks"."account_id" = $1 and "tasks"."workspace_id" = $2) and "tasks"."project_id" = $3
    and ("tasks"."status" = $4 and ("tasks"."due_date" is null or "tasks"."due_date" >= $5)))`;
  const params = [account, workspace, project, 'pending', today];
  const [rows, [count]] = await Promise.all([
    sql
      .unsafe(
        // The page's keys first, from the table alone in the list's order, then those rows with
        // their joins (apps/api/src/db/paging.ts, a list's `key`).
        `select ${TASK_COLUMNS} ${TASK_JOINS} where (${where} and ("tasks"."account_id", "tasks"."id") in
          (select "account_id", "id" from "tasks" where ${where} order by "tasks"."due_date" asc, "tasks"."id" asc limit $6 offset $7))
         order by "tasks"."due_date" asc, "tasks"."id" asc`,
        [...params, limit, offset],
        { prepare: true },
      )
      .values(),
    sql.unsafe(`select count(*)::int from "tasks" where ${where}`, params, { prepare: true }),
  ]);
  return { data: rows, meta: { page: Number(page), limit, total: count.count } };
}

/** GET /api/projects?page=&limit=14 (sorted by due date, archived hidden; task figures from project_task_counts) */
export async function projectList(sql, { account, workspace, page }) {
  const limit = 14;
  const offset = (Number(page) - 1) * limit;
  const [rows, [count]] = await Promise.all([
    sql
      .unsafe(
        `select "projects"."account_id", "projects"."id", "projects"."workspace_id", "projects"."name", "projects"."description",
         "projects"."status", "projects"."due_date", "projects"."created_by", "projects"."created_at", "projects"."updated_at",
         "users"."first_name", "users"."last_name",
         (select count(*)::int from "milestones" where (("milestones"."account_id" = $1 and "milestones"."workspace_id" = $2) and "milestones"."project_id" = "projects"."id")),
         "tasks_count", "completion", ${tagsColumn('project', 'projects')}
       from "projects" left join "users" on "users"."id" = "projects"."created_by"
       left join lateral (select coalesce(sum("project_task_counts"."tasks"), 0)::int as "tasks_count",
           coalesce(round(100.0 * sum("project_task_counts"."tasks") filter (where "project_task_counts"."completed") / nullif(sum("project_task_counts"."tasks"), 0)), 0)::int as "completion"
         from "project_task_counts" where (("project_task_counts"."account_id" = $1 and "project_task_counts"."workspace_id" = $2) and "project_task_counts"."project_id" = "projects"."id")) "task_figures" on true
       where (("projects"."account_id" = $1 and "projects"."workspace_id" = $2) and "projects"."status" <> $3)
       order by "projects"."due_date" asc, "projects"."id" asc limit $4 offset $5`,
        [account, workspace, 'archived', limit, offset],
        { prepare: true },
      )
      .values(),
    sql.unsafe(
      `select count(*)::int from "projects" where (("projects"."account_id" = $1 and "projects"."workspace_id" = $2) and "projects"."status" <> $3)`,
      [account, workspace, 'archived'],
      { prepare: true },
    ),
  ]);
  return { data: rows, meta: { page: Number(page), limit, total: count.count } };
}

const DAY_MS = 86_400_000;

/** The Mondays (UTC, 'YYYY-MM-DD') of the last 8 weeks, oldest first, as the product counts them. */
function lastWeeks(now) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: 8 }, (_, i) =>
    new Date(monday - (7 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * GET /api/dashboard: one statement, as the product runs it. The task figures and the completions
 * per week are sums over task_counts (migration 0006), not counts over the tasks; the member and
 * project figures and the two panels are sub-selects.
 */
export async function dashboard(sql, { account, workspace, today }) {
  const weeks = lastWeeks(new Date());
  const sum = (where) =>
    `coalesce(sum("task_counts"."tasks")${where ? ` filter (where ${where})` : ''}, 0)::int`;
  const completed = sum(`"task_counts"."status" = $8`);
  const perWeek = weeks.map((_, i) => sum(`"task_counts"."completed_week" = $${i + 9}`)).join(', ');
  const ws = (table, from) =>
    `("${table}"."account_id" = $${from} and "${table}"."workspace_id" = $${from + 1})`;
  const [row] = await sql
    .unsafe(
      `select ${sum()},
         ${sum(`("task_counts"."status" = $1 and ("task_counts"."due_date" is null or "task_counts"."due_date" >= $2))`)},
         ${sum(`("task_counts"."status" = $3 and ("task_counts"."due_date" is null or "task_counts"."due_date" >= $4))`)},
         ${sum(`"task_counts"."status" = $5`)},
         ${sum(`("task_counts"."status" <> $6 and "task_counts"."due_date" < $7)`)},
         coalesce(round(100.0 * ${completed} / nullif(${sum()}, 0)), 0)::int,
         array[${perWeek}],
         (select row_to_json(q) from ((select count(*)::int as "total",
            count(*) filter (where "workspace_members"."status" = $17)::int as "active"
            from "workspace_members" where ${ws('workspace_members', 18)})) q),
         (select row_to_json(q) from ((select count(*)::int as "total",
            count(*) filter (where "projects"."status" = $20)::int as "not_started",
            count(*) filter (where "projects"."status" = $21)::int as "in_progress",
            count(*) filter (where "projects"."status" = $22)::int as "complete",
            count(*) filter (where "projects"."status" = $35)::int as "on_hold",
            count(*) filter (where "projects"."status" = $36)::int as "cancelled",
            count(*) filter (where "projects"."status" = $23)::int as "archived"
            from "projects" where ${ws('projects', 24)})) q),
         (select coalesce(json_agg(q.item order by q.n), '[]'::json) from ((select json_build_object('user_id', "users"."id",
            'first_name', "users"."first_name", 'last_name', "users"."last_name", 'role', "workspace_members"."role",
            'status', "workspace_members"."status") as "item",
            row_number() over (order by "workspace_members"."created_at" asc, "workspace_members"."user_id" asc) as "n"
            from "workspace_members" inner join "users" on "users"."id" = "workspace_members"."user_id"
            where ${ws('workspace_members', 26)}
            order by "workspace_members"."created_at" asc, "workspace_members"."user_id" asc limit $28)) q),
         (select coalesce(json_agg(q.item order by q.n), '[]'::json) from ((select json_build_object('project_id', "id",
            'name', "name", 'status', "status", 'due_date', "due_date") as "item",
            row_number() over (order by "projects"."updated_at" desc, "projects"."id" desc) as "n"
            from "projects" where (${ws('projects', 29)} and "projects"."status" <> $31)
            order by "projects"."updated_at" desc, "projects"."id" desc limit $32)) q)
         from "task_counts" where ${ws('task_counts', 33)}`,
      [
        'pending',
        today,
        'in_progress',
        today,
        'completed',
        'completed',
        today,
        'completed',
        ...weeks,
        'active',
        account,
        workspace,
        'not_started',
        'in_progress',
        'complete',
        'archived',
        account,
        workspace,
        account,
        workspace,
        5,
        account,
        workspace,
        'archived',
        5,
        account,
        workspace,
        'on_hold',
        'cancelled',
      ],
      { prepare: true },
    )
    .values();
  return row;
}

/** POST /api/tasks: the insert, returning the row the answer is made of. */
export async function createTask(sql, { account, workspace, project, name, description, user, due_date }) {
  const [created] = await sql.unsafe(
    `insert into "tasks" ("account_id", "id", "workspace_id", "project_id", "milestone_id", "name", "description", "assigned_to",
       "status", "priority", "due_date", "completed_at", "created_by", "created_at", "updated_at")
       values ($1, default, $2, $3, null, $4, $5, $6, $7, $8, $9, null, $6, $10, $10)
       returning "account_id", "id", "workspace_id", "project_id", "milestone_id", "name", "description", "assigned_to",
         "status", "priority", "due_date", "completed_at", "created_by", "created_at", "updated_at"`,
    [account, workspace, project, name, description, user, 'pending', 'medium', due_date, new Date()],
    { prepare: true },
  );
  return { data: created };
}

/** The tenant's setting that begins each of the product's transactions (db/tenant-context.ts). */
export function enterTenant(sql, { account, user }) {
  return sql.unsafe(
    "select set_config('app.account_id', $1, true), set_config('app.workspace_id', $2, true), set_config('app.user_id', $3, true)",
    [account, '', user ?? ''],
    { prepare: true },
  );
}

/**
 * The product's check that a token's sign-in is live, with its membership of the workspace
 * (db/live-session.ts), as its statement log shows it.
 */
export function liveSession(sql, { account, workspace, sid, user }) {
  return sql.unsafe(
    `select "users"."status", exists (select 1 from "accounts" where "accounts"."owner_user_id" = "users"."id"),
       exists (select 1 from "accounts" where "accounts"."owner_user_id" = "users"."id" and "accounts"."status" = 'active'),
       "workspace_members"."role", "workspace_members"."status", "accounts"."status", "subscriptions"."status",
       "subscriptions"."trial_ends_at", "subscriptions"."current_period_end", "workspaces"."archived", "workspaces"."template",
       "workspaces"."name"
     from "refresh_tokens" inner join "users" on "users"."id" = "refresh_tokens"."user_id"
     left join "workspace_members" on ("workspace_members"."account_id" = $1 and "workspace_members"."workspace_id" = $2
       and "workspace_members"."user_id" = "users"."id")
     left join "workspaces" on ("workspaces"."account_id" = "workspace_members"."account_id" and "workspaces"."id" = "workspace_members"."workspace_id")
     left join "accounts" on "accounts"."id" = "workspace_members"."account_id"
     left join "subscriptions" on "subscriptions"."account_id" = "workspace_members"."account_id"
     where ("refresh_tokens"."family_id" = $3 and "refresh_tokens"."user_id" = $4 and "refresh_tokens"."revoked_at" is null
       and "refresh_tokens"."expires_at" > $5) limit $6`,
    [account, workspace, sid, user, new Date(), 1],
    { prepare: true },
  );
}
