import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SEARCH_TEXT_MAX } from '@workhub/shared/constants';
import type { Project, Task } from '@workhub/shared/schemas/work';
import { searchableText } from '@workhub/shared/text';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { ListPage } from '../../../lib/api-types.ts';
import { counted, formatDate } from '../../../lib/labels.ts';
import { useSearchBox } from '../../../lib/search-box.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useProjectMatches, useTaskMatches } from '../api/search.ts';
import { taskPlaceLabel } from '../task-place.ts';

type MatchSectionProps<T> = {
  title: string;
  query: UseQueryResult<ListPage<T>>;
  errorTitle: string;
  /** Said when nothing matches. */
  none: string;
  children: (page: ListPage<T>) => ReactNode;
};

/** One kind of record found: its heading, then loading, the error, "nothing matches" or the matches. */
const MatchSection = <T,>({ title, query, errorTitle, none, children }: MatchSectionProps<T>) => {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" mb="sm" id={id}>
        {title}
      </Title>
      <QueryState query={query} errorTitle={errorTitle}>
        {(page) =>
          page.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {none}
            </Text>
          ) : (
            children(page)
          )
        }
      </QueryState>
    </Paper>
  );
};

/** The workspace's active projects whose name contains `q`: the first few, then the filtered list. */
const ProjectMatches = ({ q }: { q: string }) => (
  <MatchSection
    title="Projects"
    query={useProjectMatches(q)}
    errorTitle="The projects could not be searched"
    none={`No active project’s name contains “${q}”.`}
  >
    {({ data, meta }) => (
      <Stack gap="xs">
        {data.map((project: Project) => (
          <Group
            key={project.project_id}
            justify="space-between"
            gap="xs"
            wrap="wrap"
            preventGrowOverflow={false}
          >
            <Anchor component={Link} to={`/task/${project.project_id}`} fw={600}>
              {project.name}
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {counted(project.tasks_count, 'task', 'tasks')}
              </Text>
              <StatusBadge kind="project" status={project.status} />
            </Group>
          </Group>
        ))}
        {meta.total > data.length ? (
          <Anchor component={Link} to={`/project/list?${new URLSearchParams({ q })}`} size="sm">
            See all {meta.total} projects in the project list
          </Anchor>
        ) : null}
      </Stack>
    )}
  </MatchSection>
);

/** The tasks whose name contains `q` that the viewer may see, a page at a time. */
const TaskMatches = ({ q }: { q: string }) => {
  const [page, setPage] = usePageParam();
  const matches = useTaskMatches(q, page);
  usePageInRange(matches.data?.meta);
  return (
    <MatchSection
      title="Tasks"
      query={matches}
      errorTitle="The tasks could not be searched"
      none={`No task you can see has “${q}” in its name.`}
    >
      {({ data, meta }) => (
        <DataTable
          label="Tasks found"
          minWidth={640}
          rows={data}
          rowKey={(task: Task) => task.task_id}
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (task) => (
                <Anchor component={Link} to={`/task/view/${task.task_id}`} fw={600} size="sm">
                  {task.name}
                </Anchor>
              ),
            },
            { key: 'place', header: 'Project/Milestone Name', cell: taskPlaceLabel },
            {
              key: 'status',
              header: 'Status',
              cell: (task) => <StatusBadge kind="task" status={task.status} />,
            },
            { key: 'due', header: 'Due Date', cell: (task) => formatDate(task.due_date) },
          ]}
          pagination={{ meta, page, onChange: setPage, noun: ['task', 'tasks'] }}
        />
      )}
    </MatchSection>
  );
};

/** The page's own box: another search from here (and the only box on a phone, where the top bar has none). */
const SearchForm = ({ q }: { q: string }) => {
  const { value, setValue, submit } = useSearchBox(q);
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" wrap="nowrap" mb="lg">
        <TextInput
          label="Search by name"
          placeholder="Part of a project’s or task’s name"
          type="search"
          value={value}
          maxLength={SEARCH_TEXT_MAX}
          onChange={(event) => setValue(event.currentTarget.value)}
          flex={1}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
};

/**
 * /search?q= : what the top bar's search box finds in the current workspace by name (the spec's
 * top bar had a decorative box): its active projects, the first few with a link to the project list
 * searched the same way, and the tasks the viewer may see, a page at a time. Each part shows only to
 * who may see that kind of record; the API answers both lists as it answers the list pages.
 */
export const SearchPage = () => {
  const [params] = useSearchParams();
  const q = searchableText(params.get('q') ?? '');
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const may = useMay();
  if (!q) {
    return (
      <>
        <PageHeader title="Search" />
        <SearchForm q="" />
        <EmptyList
          title="Search this workspace"
          description="Type part of a project’s or task’s name, then press Enter."
        />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Search"
        description={`Projects and tasks of this workspace whose name contains “${q}”.`}
      />
      <SearchForm q={q} />
      <Stack gap="lg">
        {may('project:view') ? <ProjectMatches key={`projects:${q}`} q={q} /> : null}
        {may('task:view_assigned') ? <TaskMatches key={`tasks:${q}`} q={q} /> : null}
      </Stack>
    </>
  );
};
