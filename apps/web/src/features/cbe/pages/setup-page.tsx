import { Button, Group, Modal, NativeSelect, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { type ReactNode, useState } from 'react';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { ListPage } from '../../../lib/api-types.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { getCbeAll, useCbeChoices, useCbeList, useCbeWrite } from '../api/cbe-query.ts';
import type {
  CbeClass,
  CbeGrade,
  CbeLearningArea,
  CbeStrand,
  CbeSubStrand,
  CbeTeacher,
  CbeTerm,
  CbeYear,
} from '../api/types.ts';
import { saveCsv, toCsv } from '../cbe-csv.ts';
import { CbeFilterBar, useCbeFilters } from '../components/cbe-filters.tsx';
import { ChildForm, ClassForm, GradeForm, TermForm, YearForm } from '../components/record-forms.tsx';
import { SettingsForm } from '../components/settings-form.tsx';

type Dialog = { title: string; body: ReactNode } | null;

const ClassesTab = ({ open, mayManage }: { open: (d: Dialog) => void; mayManage: boolean }) => {
  const filters = useCbeFilters(['grade_id']);
  const grades = useCbeChoices<CbeGrade>('grades');
  const teachers = useCbeChoices<CbeTeacher>('teachers');
  const classes = useCbeList<CbeClass>('classes', { ...filters.query, page: filters.page });
  const close = () => open(null);
  const edit = (klass?: CbeClass) =>
    open({
      title: klass ? `Edit ${klass.grade_name} ${klass.name}` : 'New class',
      body: (
        <ClassForm klass={klass} grades={grades.data ?? []} teachers={teachers.data ?? []} onDone={close} />
      ),
    });
  const noGrade = grades.data?.length === 0;
  return (
    <>
      <CbeFilterBar
        state={filters}
        searchLabel="Search by stream"
        selects={[
          {
            key: 'grade_id',
            label: 'Grade',
            any: 'All grades',
            options: (grades.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          },
        ]}
      >
        <ExportCsvButton
          onExport={async () =>
            saveCsv(
              'classes.csv',
              toCsv(
                ['Grade', 'Stream', 'Class teacher', 'Students'],
                (await getCbeAll<CbeClass>('classes', filters.query)).map((c) => [
                  c.grade_name,
                  c.name,
                  c.teacher_name,
                  c.student_count,
                ]),
              ),
            )
          }
        />
        {mayManage && !noGrade ? <Button onClick={() => edit()}>+ New class</Button> : null}
      </CbeFilterBar>
      <DataTable
        label="Classes"
        minWidth={560}
        rows={classes.data?.data}
        loading={classes.isPending}
        error={classes.error}
        errorTitle="The classes could not be loaded"
        onRetry={() => void classes.refetch()}
        rowKey={(c) => c.id}
        empty={
          filters.active ? (
            <NoMatch noun="class" onClear={filters.clear} />
          ) : (
            <EmptyList
              title="No classes yet"
              description={noGrade ? 'Create a grade first (Grades tab).' : 'A class is a stream of a grade.'}
            />
          )
        }
        pagination={
          classes.data
            ? {
                meta: classes.data.meta,
                page: filters.page,
                onChange: filters.setPage,
                noun: ['class', 'classes'],
              }
            : undefined
        }
        columns={[
          { key: 'grade', header: 'Grade', cell: (c) => c.grade_name },
          { key: 'name', header: 'Stream', cell: (c) => c.name },
          { key: 'teacher', header: 'Class teacher', cell: (c) => c.teacher_name ?? '—' },
          { key: 'students', header: 'Students', cell: (c) => c.student_count },
          mayManage && {
            key: 'edit',
            header: 'Edit',
            hideHeader: true,
            cell: (c) => (
              <Button size="compact-xs" variant="subtle" onClick={() => edit(c)}>
                Edit
              </Button>
            ),
          },
        ]}
      />
    </>
  );
};

const YearsTab = ({ open, mayManage }: { open: (d: Dialog) => void; mayManage: boolean }) => {
  const years = useCbeChoices<CbeYear>('years');
  const terms = useCbeChoices<CbeTerm>('terms');
  const close = () => open(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>Academic years</Title>
        {mayManage ? (
          <Button
            size="xs"
            onClick={() => open({ title: 'New academic year', body: <YearForm onDone={close} /> })}
          >
            + New year
          </Button>
        ) : null}
      </Group>
      <DataTable
        label="Academic years"
        minWidth={480}
        rows={years.data}
        loading={years.isPending}
        error={years.error}
        onRetry={() => void years.refetch()}
        rowKey={(y) => y.id}
        empty={<EmptyList title="No academic year yet" description="A year holds the terms." />}
        columns={[
          { key: 'name', header: 'Year', cell: (y) => y.name },
          { key: 'starts', header: 'Starts', cell: (y) => y.starts_on },
          { key: 'ends', header: 'Ends', cell: (y) => y.ends_on },
          mayManage && {
            key: 'edit',
            header: 'Edit',
            hideHeader: true,
            cell: (y) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => open({ title: `Edit ${y.name}`, body: <YearForm year={y} onDone={close} /> })}
              >
                Edit
              </Button>
            ),
          },
        ]}
      />
      <Group justify="space-between">
        <Title order={4}>Terms</Title>
        {mayManage && (years.data?.length ?? 0) > 0 ? (
          <Button
            size="xs"
            onClick={() =>
              open({ title: 'New term', body: <TermForm years={years.data ?? []} onDone={close} /> })
            }
          >
            + New term
          </Button>
        ) : null}
      </Group>
      <DataTable
        label="Terms"
        minWidth={480}
        rows={terms.data}
        loading={terms.isPending}
        error={terms.error}
        onRetry={() => void terms.refetch()}
        rowKey={(t) => t.id}
        empty={<EmptyList title="No term yet" description="Terms lie within a year." />}
        columns={[
          { key: 'year', header: 'Year', cell: (t) => t.year_name },
          { key: 'name', header: 'Term', cell: (t) => t.name },
          { key: 'starts', header: 'Starts', cell: (t) => t.starts_on },
          { key: 'ends', header: 'Ends', cell: (t) => t.ends_on },
          mayManage && {
            key: 'edit',
            header: 'Edit',
            hideHeader: true,
            cell: (t) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() =>
                  open({
                    title: `Edit ${t.name}`,
                    body: <TermForm term={t} years={years.data ?? []} onDone={close} />,
                  })
                }
              >
                Edit
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
};

/** A learning area with its strands and their sub-strands, each level with its '+ add'. */
const AreaTree = ({
  area,
  open,
  mayManage,
}: {
  area: CbeLearningArea;
  open: (d: Dialog) => void;
  mayManage: boolean;
}) => {
  const strands = useCbeChoices<CbeStrand>('strands', { learning_area_id: area.id });
  const subs = useCbeChoices<CbeSubStrand>('sub-strands');
  const close = () => open(null);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between">
        <Text fw={700}>{area.name}</Text>
        {mayManage ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() =>
              open({
                title: `New strand of ${area.name}`,
                body: <ChildForm kind="strands" parentId={area.id} onDone={close} />,
              })
            }
          >
            + Strand
          </Button>
        ) : null}
      </Group>
      <QueryState query={strands} errorTitle="The strands could not be loaded">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No strands yet.
            </Text>
          ) : (
            <Stack gap={4} mt="xs">
              {list.map((strand) => (
                <div key={strand.id}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {strand.name}
                    </Text>
                    {mayManage ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() =>
                          open({
                            title: `New sub-strand of ${strand.name}`,
                            body: <ChildForm kind="sub-strands" parentId={strand.id} onDone={close} />,
                          })
                        }
                      >
                        + Sub-strand
                      </Button>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed" pl="md">
                    {(subs.data ?? [])
                      .filter((s) => s.strand_id === strand.id)
                      .map((s) => s.name)
                      .join(' · ') || 'No sub-strands yet.'}
                  </Text>
                </div>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Paper>
  );
};

const GradesTab = ({ open, mayManage }: { open: (d: Dialog) => void; mayManage: boolean }) => {
  const grades = useCbeChoices<CbeGrade>('grades');
  const [gradeId, setGradeId] = useState('');
  const chosen = gradeId || grades.data?.[0]?.id || '';
  const areas = useCbeChoices<CbeLearningArea>('learning-areas', { grade_id: chosen }, chosen !== '');
  const close = () => open(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>Grades</Title>
        {mayManage ? (
          <Button size="xs" onClick={() => open({ title: 'New grade', body: <GradeForm onDone={close} /> })}>
            + New grade
          </Button>
        ) : null}
      </Group>
      <DataTable
        label="Grades"
        minWidth={360}
        rows={grades.data}
        loading={grades.isPending}
        error={grades.error}
        onRetry={() => void grades.refetch()}
        rowKey={(g) => g.id}
        empty={<EmptyList title="No grades yet" description="Grade 1, Grade 2, ..." />}
        columns={[
          { key: 'name', header: 'Grade', cell: (g) => g.name },
          { key: 'level', header: 'Level', cell: (g) => g.level },
          mayManage && {
            key: 'edit',
            header: 'Edit',
            hideHeader: true,
            cell: (g) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() =>
                  open({ title: `Edit ${g.name}`, body: <GradeForm grade={g} onDone={close} /> })
                }
              >
                Edit
              </Button>
            ),
          },
        ]}
      />
      {chosen ? (
        <>
          <Group justify="space-between" align="flex-end">
            <NativeSelect
              label="Learning areas of"
              value={chosen}
              onChange={(event) => setGradeId(event.currentTarget.value)}
              data={(grades.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
            {mayManage ? (
              <Button
                size="xs"
                onClick={() =>
                  open({
                    title: 'New learning area',
                    body: <ChildForm kind="learning-areas" parentId={chosen} onDone={close} />,
                  })
                }
              >
                + Learning area
              </Button>
            ) : null}
          </Group>
          <QueryState query={areas} errorTitle="The learning areas could not be loaded">
            {(list) =>
              list.length === 0 ? (
                <EmptyList
                  title="No learning areas yet"
                  description="Mathematics, English, ... with their strands."
                />
              ) : (
                <Stack gap="sm">
                  {list.map((area) => (
                    <AreaTree key={area.id} area={area} open={open} mayManage={mayManage} />
                  ))}
                </Stack>
              )
            }
          </QueryState>
        </>
      ) : null}
    </Stack>
  );
};

const TeachersTab = ({ mayManage }: { mayManage: boolean }) => {
  const teachers = useCbeChoices<CbeTeacher>('teachers');
  const scope = useSessionScope();
  const team = useQuery({
    queryKey: ['cbe', scope, 'team-for-teachers'],
    queryFn: () => apiRequest<ListPage<TeamMember>>('/api/team?limit=100'),
    enabled: mayManage,
  });
  const write = useCbeWrite();
  const [userId, setUserId] = useState('');
  const taken = new Set((teachers.data ?? []).map((t) => t.user_id));
  const candidates = (team.data?.data ?? []).filter(
    (m) => m.status === 'active' && m.role !== 'customer' && m.role !== 'guest' && !taken.has(m.user_id),
  );
  const add = async () => {
    try {
      await write.mutateAsync({ method: 'POST', path: 'teachers', body: { user_id: userId } });
      notify.success('Teacher added');
      setUserId('');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Teachers are members of this workspace the school assigns as teachers; a class names one as its class
        teacher.
      </Text>
      {mayManage ? (
        <Group align="flex-end">
          <NativeSelect
            label="Member"
            value={userId}
            onChange={(event) => setUserId(event.currentTarget.value)}
            data={[
              { value: '', label: candidates.length ? 'Choose a member' : 'No member left to add' },
              ...candidates.map((m) => ({
                value: m.user_id,
                label: `${m.first_name} ${m.last_name} (${m.email})`,
              })),
            ]}
          />
          <Button disabled={!userId} loading={write.isPending} onClick={() => void add()}>
            Add teacher
          </Button>
        </Group>
      ) : null}
      <DataTable
        label="Teachers"
        minWidth={420}
        rows={teachers.data}
        loading={teachers.isPending}
        error={teachers.error}
        onRetry={() => void teachers.refetch()}
        rowKey={(t) => t.id}
        empty={<EmptyList title="No teachers yet" description="Add members of the team as teachers." />}
        columns={[
          { key: 'name', header: 'Name', cell: (t) => t.name },
          { key: 'email', header: 'E-mail', cell: (t) => t.email },
        ]}
      />
    </Stack>
  );
};

/** /cbe/classes: the school's set-up: classes, years and terms, grades with their rubric, teachers. */
export const SetupPage = () => {
  useDocumentTitle('Classes and set-up');
  const mayManage = useMay()('cbe:manage');
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <PageHeader
        title="Classes and set-up"
        description="Classes, academic years and terms, grades with their learning areas, and teachers."
      />
      <Paper withBorder p="md" radius="md">
        <Tabs defaultValue="classes" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="classes">Classes</Tabs.Tab>
            <Tabs.Tab value="years">Years and terms</Tabs.Tab>
            <Tabs.Tab value="grades">Grades and learning areas</Tabs.Tab>
            <Tabs.Tab value="teachers">Teachers</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="classes">
            <ClassesTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="years">
            <YearsTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="grades">
            <GradesTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="teachers">
            <TeachersTab mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsForm mayManage={mayManage} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog?.title} centered>
        {dialog?.body}
      </Modal>
    </>
  );
};
