import { Badge, Button, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { useState } from 'react';
import { EmptyList, ErrorState, LoadingState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useTabParam } from '../../../lib/use-tab-param.ts';
import { exportCbe, useCbeChoices, useCbeList, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeGrade, CbeTeacher } from '../api/types.ts';
import { CbeExportButton } from '../components/cbe-export-button.tsx';
import { CbeFilterBar, useCbeFilters } from '../components/cbe-filters.tsx';
import { DeleteRecordButton } from '../components/delete-record-button.tsx';
import { ClassForm } from '../components/record-forms.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import type { SetupDialog, SetupTabProps } from '../components/setup-dialog.ts';
import { GradesTab } from '../components/setup-grades-tab.tsx';
import { YearsTab } from '../components/setup-years-tab.tsx';
import { TeacherCandidateSelect } from '../components/teacher-candidate-select.tsx';

/**
 * The class form with the grades and teachers as they are while it shows: a dialog opened before
 * they arrived waits for them. It was given the lists of the click, so a New class opened while they
 * loaded had no grade to choose, ever (a browser test waited 4 minutes on it), and an edit showed
 * its teacher as 'None yet'.
 */
const ClassDialogForm = ({ klass, onDone }: { klass?: CbeClass; onDone: () => void }) => {
  const grades = useCbeChoices<CbeGrade>('grades');
  const teachers = useCbeChoices<CbeTeacher>('teachers');
  if (grades.data && teachers.data) {
    return <ClassForm klass={klass} grades={grades.data} teachers={teachers.data} onDone={onDone} />;
  }
  const failed = grades.isError ? grades : teachers.isError ? teachers : null;
  if (failed) {
    return (
      <ErrorState
        title="The grades and teachers could not be loaded"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  return <LoadingState />;
};

const ClassesTab = ({ open, mayManage }: SetupTabProps) => {
  const filters = useCbeFilters(['grade_id']);
  const grades = useCbeChoices<CbeGrade>('grades');
  const classes = useCbeList<CbeClass>('classes', { ...filters.query, page: filters.page });
  const close = () => open(null);
  const edit = (klass?: CbeClass) =>
    open({
      title: klass ? `Edit ${klass.grade_name} ${klass.name}` : 'New class',
      body: <ClassDialogForm klass={klass} onDone={close} />,
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
        <ExportCsvButton onExport={() => exportCbe('classes', filters.query)} />
        {mayManage && (grades.data?.length ?? 0) > 0 ? (
          <Button onClick={() => edit()}>+ New class</Button>
        ) : null}
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
          {
            key: 'teacher',
            header: 'Class teacher',
            cell: (c) =>
              c.teacher_name === null ? (
                '—'
              ) : (
                <Group gap={6} wrap="nowrap">
                  <span>{c.teacher_name}</span>
                  {c.teacher_active === false ? (
                    <Badge size="sm" color="gray" variant="light">
                      Inactive
                    </Badge>
                  ) : null}
                </Group>
              ),
          },
          { key: 'students', header: 'Students', cell: (c) => c.student_count },
          mayManage && {
            key: 'edit',
            header: 'Actions',
            hideHeader: true,
            cell: (c) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => edit(c)}>
                  Edit
                </Button>
                <DeleteRecordButton path="classes" id={c.id} name={`${c.grade_name} ${c.name}`} />
              </Group>
            ),
          },
        ]}
      />
    </>
  );
};

const TeachersTab = ({ mayManage }: { mayManage: boolean }) => {
  const teachers = useCbeChoices<CbeTeacher>('teachers');
  const write = useCbeWrite();
  const [userId, setUserId] = useState('');
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
        teacher. A member made inactive or removed from the team shows as inactive and is no class's current
        teacher.
      </Text>
      <Group justify="flex-end">
        <CbeExportButton path="teachers" noun="teachers" />
      </Group>
      {mayManage ? (
        <Group align="flex-end">
          <TeacherCandidateSelect key={teachers.dataUpdatedAt} value={userId} onChange={setUserId} />
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
          {
            key: 'name',
            header: 'Name',
            cell: (t) => (
              <Group gap={6} wrap="nowrap">
                <span>{t.name}</span>
                {t.active ? null : (
                  <Badge size="sm" color="gray" variant="light">
                    Inactive
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: 'email', header: 'E-mail', cell: (t) => t.email },
          mayManage && {
            key: 'remove',
            header: 'Actions',
            hideHeader: true,
            cell: (t) => (
              <DeleteRecordButton
                path="teachers"
                id={t.id}
                name={t.name}
                verb="Remove"
                done={cbeMessages.teacherRemoved}
                note="They stay a member of the team; only their place as a teacher goes. A class teacher is kept until their classes have another class teacher (or none)."
              />
            ),
          },
        ]}
      />
    </Stack>
  );
};

/** /cbe/classes: the school's set-up: classes, years and terms, grades with their rubric, teachers. */
/** The page's tabs, in their order: the one shown is in the address (`?tab=`). */
const SETUP_TABS = ['classes', 'years', 'grades', 'teachers', 'settings'] as const;

export const SetupPage = () => {
  useDocumentTitle('Classes and set-up');
  const mayManage = useMay()('cbe:manage');
  const [tab, setTab] = useTabParam(SETUP_TABS);
  const [dialog, setDialog] = useState<SetupDialog>(null);
  return (
    <>
      <PageHeader
        title="Classes and set-up"
        description="Classes, academic years and terms, grades with their learning areas, and teachers."
      />
      <Paper withBorder p="md" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
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
