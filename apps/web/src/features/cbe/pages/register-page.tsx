import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CBE_MARKS,
  CBE_REGISTER_REASON_MAX,
  type CbeMark,
  cbeRegisterReason,
} from '@workhub/shared/schemas/cbe';
import { useEffect, useState } from 'react';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PHONE_QUERY } from '../../../components/filter-fold.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useCbeChoices, useCbeGet, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeRegister } from '../api/types.ts';
import { ClassSelect, useSchoolToday } from '../components/class-picker.tsx';
import { SaveButton } from '../components/save-button.tsx';
import { StudentWithNumber } from '../components/student-with-number.tsx';
import { useUnsavedChangesGuard } from '../components/unsaved-changes-guard.tsx';

const LABELS: Record<CbeMark, string> = { present: 'Present', late: 'Late', absent: 'Absent' };
type Marks = Record<string, { mark: CbeMark | null; reason: string }>;

/**
 * What is wrong with a late or absent student's reason (the API's own rule: characters it refuses),
 * else undefined. Checked before Save, so the field says it, not a toast naming no field.
 */
const reasonError = (m: Marks[string] | undefined): string | undefined =>
  m && (m.mark === 'late' || m.mark === 'absent')
    ? cbeRegisterReason.safeParse(m.reason).error?.issues[0]?.message
    : undefined;

/**
 * /cbe/register: a class's register for a day. One click per student (present, late, absent), a
 * reason for late and absent, and one Save for the whole class; absent students' guardians are
 * mailed once (the 'Guardians told' badge).
 */
export const RegisterPage = () => {
  useDocumentTitle('Register');
  const mayTeach = useMay()('cbe:teach');
  const classes = useCbeChoices<CbeClass>('classes');
  const [classId, setClassId] = useState('');
  // A day yet to come cannot be marked (the API refuses it: no absence mail ahead of time). The
  // school's today, not the browser's; the day picked, else it.
  const { today, query: settings } = useSchoolToday();
  const [picked, setDate] = useState('');
  const date = picked || today || '';
  const chosen = classId || classes.data?.[0]?.id || '';
  const register = useCbeGet<CbeRegister>(
    `classes/${chosen}/register?date=${date}`,
    chosen !== '' && date !== '',
  );
  const save = useCbeWrite<CbeRegister>();
  const [marks, setMarks] = useState<Marks>({});

  useEffect(() => {
    if (!register.data) return;
    setMarks(
      Object.fromEntries(
        register.data.students.map((s) => [s.student_id, { mark: s.mark, reason: s.reason ?? '' }]),
      ),
    );
  }, [register.data]);

  const set = (id: string, change: Partial<Marks[string]>) =>
    setMarks((was) => ({ ...was, [id]: { mark: null, reason: '', ...was[id], ...change } }));
  const allPresent = () =>
    setMarks((was) =>
      Object.fromEntries(
        Object.entries(was).map(([id, m]) => [id, m.mark ? m : { mark: 'present', reason: '' }]),
      ),
    );
  const marked = Object.entries(marks).filter(([, m]) => m.mark !== null);
  // Marks not saved are lost by another day or class, or by leaving the page: asked first, as the
  // gradebook asks (a reason typed for an absent student went with them unasked).
  const dirty = (register.data?.students ?? []).some((s) => {
    const now = marks[s.student_id];
    if (!now) return false;
    if (now.mark !== s.mark) return true;
    return now.mark !== null && now.mark !== 'present' && now.reason !== (s.reason ?? '');
  });
  const { guard, dialog: leaveDialog } = useUnsavedChangesGuard(dirty, 'the register');
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  type Row = CbeRegister['students'][number];
  const markControl = (s: Row, fullWidth: boolean) => (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={`Mark for ${s.name}`}
      disabled={!mayTeach}
      value={marks[s.student_id]?.mark ?? ''}
      onChange={(value) => set(s.student_id, { mark: value as CbeMark })}
      data={CBE_MARKS.map((m) => ({ value: m, label: LABELS[m] }))}
      color={
        marks[s.student_id]?.mark === 'absent'
          ? 'red'
          : marks[s.student_id]?.mark === 'late'
            ? 'yellow'
            : 'green'
      }
    />
  );
  const needsReason = (s: Row) =>
    marks[s.student_id]?.mark === 'late' || marks[s.student_id]?.mark === 'absent';
  /** A late or absent student's reason; in the table its label is read, on a phone's card shown. */
  const reasonInput = (s: Row, labelled: boolean) => (
    <TextInput
      size="xs"
      label={labelled ? 'Reason' : undefined}
      aria-label={`Reason for ${s.name}`}
      placeholder="Reason"
      disabled={!mayTeach}
      maxLength={CBE_REGISTER_REASON_MAX}
      error={reasonError(marks[s.student_id])}
      value={marks[s.student_id]?.reason ?? ''}
      onChange={(event) => set(s.student_id, { reason: event.currentTarget.value })}
    />
  );
  const guardiansTold = (
    <Badge size="xs" color="orange" variant="light">
      Guardians told
    </Badge>
  );
  const onSave = async () => {
    const wrong = (register.data?.students ?? []).find((s) => reasonError(marks[s.student_id]));
    if (wrong) {
      notify.error(`Reason for ${wrong.name}: ${reasonError(marks[wrong.student_id])}`);
      return;
    }
    try {
      const answer = await save.mutateAsync({
        method: 'PUT',
        path: `classes/${chosen}/register`,
        body: {
          date,
          marks: marked.map(([student_id, m]) => ({
            student_id,
            mark: m.mark,
            reason: m.mark === 'present' ? null : m.reason || null,
          })),
        },
      });
      notify.success(answer.message ?? 'Saved');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader title="Register" description="Mark the class register for a day." />
      <Paper withBorder p="md" radius="md">
        <QueryState query={classes} errorTitle="The classes could not be loaded">
          {(list) =>
            list.length === 0 ? (
              <EmptyList
                title="No classes yet"
                description="Create a class under Classes and set-up first."
              />
            ) : (
              <Stack>
                <Group align="flex-end">
                  <ClassSelect classes={list} value={chosen} onChange={(id) => guard(() => setClassId(id))} />
                  <TextInput
                    type="date"
                    label="Day"
                    description="A school day (Monday to Friday) of a term"
                    max={today}
                    value={date}
                    onChange={(event) => {
                      const day = event.currentTarget.value;
                      guard(() => setDate(day));
                    }}
                  />
                  {mayTeach ? (
                    <Group ml="auto">
                      <Button variant="default" onClick={allPresent}>
                        Mark the rest present
                      </Button>
                      <SaveButton
                        onSave={() => void onSave()}
                        busy={save.isPending}
                        // Nothing unsaved: a register just saved (or as loaded) has nothing to save.
                        idle={!dirty}
                      >
                        Save register
                      </SaveButton>
                    </Group>
                  ) : null}
                </Group>
                {phone && register.data && register.data.students.length > 0 ? (
                  // On a phone, one card per student, the marks full width under the name: the
                  // table's columns put Present / Late / Absent off the screen's right edge.
                  <Stack
                    gap="sm"
                    component="ol"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                    aria-label="Register"
                  >
                    {register.data.students.map((s) => (
                      <Paper
                        key={s.student_id}
                        component="li"
                        withBorder
                        p="sm"
                        radius="md"
                        aria-label={s.name}
                      >
                        <Group justify="space-between" gap="xs" mb={6}>
                          <Title order={3} fz="sm">
                            <StudentWithNumber name={s.name} admissionNo={s.admission_no} />
                          </Title>
                          {s.notified ? guardiansTold : null}
                        </Group>
                        <Stack gap="xs">
                          {markControl(s, true)}
                          {needsReason(s) ? reasonInput(s, true) : null}
                        </Stack>
                      </Paper>
                    ))}
                  </Stack>
                ) : (
                  <DataTable
                    label="Register"
                    minWidth={640}
                    rows={register.data?.students}
                    loading={register.isPending}
                    error={settings.error ?? register.error}
                    errorTitle="The register could not be loaded"
                    onRetry={() => void (settings.isError ? settings.refetch() : register.refetch())}
                    rowKey={(s) => s.student_id}
                    empty={
                      <EmptyList
                        title="No students in this class"
                        description="Admit students under Students."
                      />
                    }
                    columns={[
                      { key: 'adm', header: 'Adm. no', nowrap: true, cell: (s) => s.admission_no },
                      {
                        key: 'name',
                        header: 'Student',
                        // Who each mark is for stays in view while a phone scrolls to the marks.
                        sticky: true,
                        cell: (s) => (
                          <Group gap="xs">
                            <Text size="sm" fw={600}>
                              {s.name}
                            </Text>
                            {s.notified ? guardiansTold : null}
                          </Group>
                        ),
                      },
                      {
                        key: 'mark',
                        header: 'Mark',
                        cell: (s) => markControl(s, false),
                      },
                      {
                        key: 'reason',
                        header: 'Reason',
                        cell: (s) => (needsReason(s) ? reasonInput(s, false) : '—'),
                      },
                    ]}
                  />
                )}
              </Stack>
            )
          }
        </QueryState>
      </Paper>
      {leaveDialog}
    </>
  );
};
