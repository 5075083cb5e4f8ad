import { Button, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { exportCbe, useCbeChoices, useCbeList } from '../api/cbe-query.ts';
import type { CbeClass, CbeStudent } from '../api/types.ts';
import { CbeFilterBar, useCbeFilters } from '../components/cbe-filters.tsx';
import { StudentForm } from '../components/student-form.tsx';

/** /cbe/students: the students, searched by name or admission number, filtered, paged, exported; admit and edit. */
export const StudentsPage = () => {
  useDocumentTitle('Students');
  const mayManage = useMay()('cbe:manage');
  const filters = useCbeFilters(['class_id', 'status']);
  const classes = useCbeChoices<CbeClass>('classes');
  const students = useCbeList<CbeStudent>('students', { ...filters.query, page: filters.page });
  const [editing, setEditing] = useState<{ student?: CbeStudent } | null>(null);
  const noClass = classes.data?.length === 0;
  const create =
    mayManage && !noClass ? <Button onClick={() => setEditing({})}>+ Admit student</Button> : null;

  return (
    <>
      <PageHeader
        title="Students"
        description="The school's learners and their guardians."
        actions={create}
      />
      <Paper withBorder p="md" radius="md">
        <CbeFilterBar
          state={filters}
          searchLabel="Search by name or admission no."
          selects={[
            {
              key: 'class_id',
              label: 'Class',
              any: 'All classes',
              options: (classes.data ?? []).map((c) => ({ value: c.id, label: `${c.grade_name} ${c.name}` })),
            },
            {
              key: 'status',
              label: 'Status',
              any: 'All statuses',
              options: [
                { value: 'active', label: 'Active' },
                { value: 'left', label: 'Left' },
              ],
            },
          ]}
        >
          <ExportCsvButton onExport={() => exportCbe('students', filters.query)} />
        </CbeFilterBar>
        <DataTable
          label="Students"
          minWidth={720}
          rows={students.data?.data}
          loading={students.isPending}
          error={students.error}
          errorTitle="The students could not be loaded"
          onRetry={() => void students.refetch()}
          rowKey={(s) => s.id}
          empty={
            filters.active ? (
              <NoMatch noun="student" onClear={filters.clear} />
            ) : (
              <EmptyList
                title="No students yet"
                description={
                  noClass
                    ? 'Set up a grade and a class first (School set-up), then admit students.'
                    : 'Admit the first student, or load the sample data from the dashboard.'
                }
              >
                {create}
              </EmptyList>
            )
          }
          pagination={
            students.data
              ? {
                  meta: students.data.meta,
                  page: filters.page,
                  onChange: filters.setPage,
                  noun: ['student', 'students'],
                }
              : undefined
          }
          columns={[
            {
              key: 'admission_no',
              header: 'Adm. no',
              nowrap: true,
              cell: (s) => s.admission_no,
              sortValue: (s) => s.admission_no,
            },
            {
              key: 'name',
              header: 'Name',
              cell: (s) => (
                <Text size="sm" fw={600}>
                  {s.first_name} {s.last_name}
                </Text>
              ),
              sortValue: (s) => `${s.last_name} ${s.first_name}`,
            },
            { key: 'class', header: 'Class', cell: (s) => s.class_name, sortValue: (s) => s.class_name },
            {
              key: 'guardians',
              header: 'Guardians',
              cell: (s) =>
                s.guardians.length === 0
                  ? '—'
                  : s.guardians.map((g) => [g.name, g.phone].filter(Boolean).join(' · ')).join('; '),
            },
            { key: 'status', header: 'Status', cell: (s) => (s.status === 'active' ? 'Active' : 'Left') },
            mayManage && {
              key: 'edit',
              header: 'Edit',
              hideHeader: true,
              cell: (s) => (
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ student: s })}>
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.student
            ? `Edit ${editing.student.first_name} ${editing.student.last_name}`
            : 'Admit a student'
        }
        size="xl"
        centered
      >
        {editing && classes.data ? (
          <StudentForm student={editing.student} classes={classes.data} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </>
  );
};
