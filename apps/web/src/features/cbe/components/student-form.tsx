import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CBE_STUDENT_STATUSES, cbeStudentBody } from '@workhub/shared/schemas/cbe';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getCbe, invalidateCbe, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeStudent } from '../api/types.ts';

type Input = z.input<typeof cbeStudentBody>;
type Output = z.output<typeof cbeStudentBody>;

const valuesOf = (student: CbeStudent): Input => ({
  admission_no: student.admission_no,
  first_name: student.first_name,
  last_name: student.last_name,
  class_id: student.class_id,
  status: student.status,
  guardians: student.guardians.map((g) => ({ name: g.name, phone: g.phone ?? '', email: g.email ?? '' })),
});

/** The fields an edit conflict names, as the dialog labels them. */
const STUDENT_LABELS = {
  admission_no: 'Admission number',
  first_name: 'First name',
  last_name: 'Last name',
  class_id: 'Class',
  status: 'Status',
  guardians: 'Guardians',
} as const;

/** Admit or edit a student: admission number, names, class, status and up to 4 guardians. */
export const StudentForm = ({
  student,
  classes,
  onDone,
}: {
  student?: CbeStudent;
  classes: CbeClass[];
  onDone: () => void;
}) => {
  const save = useCbeWrite<CbeStudent>();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    student,
    (opened) => opened.updated_at,
    () => getCbe<CbeStudent>(`students/${encodeURIComponent(student?.id ?? '')}`),
    // The list behind the dialog shows their version too.
    () => invalidateCbe(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<Input, Output>(cbeStudentBody, {
    defaultValues: student
      ? valuesOf(student)
      : {
          admission_no: '',
          first_name: '',
          last_name: '',
          class_id: classes[0]?.id ?? '',
          status: 'active',
          guardians: [],
        },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync(
        student
          ? { method: 'PATCH', path: `students/${student.id}`, body: values, ifMatch: edit.version }
          : { method: 'POST', path: 'students', body: values },
      );
      notify.success(answer.message ?? 'Saved');
      onDone();
    },
    conflictField: 'admission_no',
  });
  const guardians = useFieldArray({ control: form.control, name: 'guardians' });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Admission number" withAsterisk data-autofocus {...field('admission_no')} />
        <Group grow>
          <TextInput label="First name" withAsterisk {...field('first_name')} />
          <TextInput label="Last name" withAsterisk {...field('last_name')} />
        </Group>
        <Group grow>
          <NativeSelect
            label="Class"
            withAsterisk
            data={classes.map((c) => ({ value: c.id, label: `${c.grade_name} ${c.name}` }))}
            {...field('class_id')}
          />
          <NativeSelect
            label="Status"
            data={CBE_STUDENT_STATUSES.map((s) => ({ value: s, label: s === 'active' ? 'Active' : 'Left' }))}
            {...field('status')}
          />
        </Group>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Guardians
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            disabled={guardians.fields.length >= 4}
            onClick={() => guardians.append({ name: '', phone: '', email: '' })}
          >
            + Add guardian
          </Button>
        </Group>
        {guardians.fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            No guardian yet: absence mails go to the guardians' e-mails.
          </Text>
        ) : null}
        {/* Adding a guardian here makes no account: staff took it that it did. */}
        <Text size="sm" c="dimmed">
          A guardian signs in to see their children (My children) only once invited: on the{' '}
          <Anchor component={Link} to="/team" size="sm">
            Team page
          </Anchor>
          , invite the guardian's e-mail with the role Customer.
        </Text>
        {/* A guardian's three fields side by side, stacked on a phone: three to a row there left
            each 87 px, too narrow to read a name or an e-mail typed into it. */}
        {guardians.fields.map((g, index) => (
          <Stack key={g.id} gap={4} role="group" aria-label={`Guardian ${index + 1}`}>
            <Text size="xs" c="dimmed" fw={600} hiddenFrom="xs" aria-hidden>
              Guardian {index + 1}
            </Text>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="xs" style={{ flex: 1 }}>
                <TextInput label="Name" withAsterisk {...field(`guardians.${index}.name`)} />
                <TextInput label="Phone" {...field(`guardians.${index}.phone`)} />
                <TextInput label="E-mail" type="email" {...field(`guardians.${index}.email`)} />
              </SimpleGrid>
              {/* Level with the first field's box, under its label. */}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove guardian ${index + 1}`}
                onClick={() => guardians.remove(index)}
                mt={26}
              >
                ×
              </ActionIcon>
            </Group>
          </Stack>
        ))}
        <EditConflict
          edit={edit}
          what="student"
          valuesOf={valuesOf}
          labels={STUDENT_LABELS}
          load={(values) => form.reset(values)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {student ? 'Save changes' : 'Admit student'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
