import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import {
  cbeClassBody,
  cbeGradeBody,
  cbeLearningAreaBody,
  cbeStrandBody,
  cbeSubStrandBody,
  cbeTermBody,
  cbeYearBody,
} from '@workhub/shared/schemas/cbe';
import type { z } from 'zod';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeGrade, CbeTeacher, CbeTerm, CbeYear } from '../api/types.ts';

const Actions = ({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) => (
  <Group justify="flex-end">
    <Button variant="default" onClick={onCancel} disabled={busy}>
      Cancel
    </Button>
    <Button type="submit" loading={busy}>
      {label}
    </Button>
  </Group>
);

/** Saves with POST (new) or PATCH (an id), toasts the answer and closes. */
const useSave = (path: string, id: string | undefined, onDone: () => void) => {
  const write = useCbeWrite();
  return async (body: unknown) => {
    const answer = await write.mutateAsync(
      id ? { method: 'PATCH', path: `${path}/${id}`, body } : { method: 'POST', path, body },
    );
    notify.success(answer.message ?? 'Saved');
    onDone();
  };
};

export const YearForm = ({ year, onDone }: { year?: CbeYear; onDone: () => void }) => {
  const save = useSave('years', year?.id, onDone);
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeYearBody>,
    z.output<typeof cbeYearBody>
  >(cbeYearBody, {
    defaultValues: year
      ? { name: year.name, starts_on: year.starts_on, ends_on: year.ends_on }
      : { name: '', starts_on: '', ends_on: '' },
    onSubmit: save,
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" placeholder="2026" withAsterisk data-autofocus {...field('name')} />
        <Group grow>
          <TextInput type="date" label="Starts on" withAsterisk {...field('starts_on')} />
          <TextInput type="date" label="Ends on" withAsterisk {...field('ends_on')} />
        </Group>
        <Actions busy={isSubmitting} label={year ? 'Save changes' : 'Create year'} onCancel={onDone} />
      </Stack>
    </form>
  );
};

export const TermForm = ({
  term,
  years,
  onDone,
}: {
  term?: CbeTerm;
  years: CbeYear[];
  onDone: () => void;
}) => {
  const save = useSave('terms', term?.id, onDone);
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeTermBody>,
    z.output<typeof cbeTermBody>
  >(cbeTermBody, {
    defaultValues: term
      ? { year_id: term.year_id, name: term.name, starts_on: term.starts_on, ends_on: term.ends_on }
      : { year_id: years[0]?.id ?? '', name: '', starts_on: '', ends_on: '' },
    onSubmit: save,
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Academic year"
          withAsterisk
          data={years.map((y) => ({ value: y.id, label: y.name }))}
          {...field('year_id')}
        />
        <TextInput label="Name" placeholder="Term 1" withAsterisk data-autofocus {...field('name')} />
        <Group grow>
          <TextInput type="date" label="Starts on" withAsterisk {...field('starts_on')} />
          <TextInput type="date" label="Ends on" withAsterisk {...field('ends_on')} />
        </Group>
        <Actions busy={isSubmitting} label={term ? 'Save changes' : 'Create term'} onCancel={onDone} />
      </Stack>
    </form>
  );
};

export const GradeForm = ({ grade, onDone }: { grade?: CbeGrade; onDone: () => void }) => {
  const save = useSave('grades', grade?.id, onDone);
  const { form, field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeGradeBody>,
    z.output<typeof cbeGradeBody>
  >(cbeGradeBody, {
    defaultValues: grade ? { name: grade.name, level: grade.level } : { name: '', level: 1 },
    onSubmit: save,
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" placeholder="Grade 4" withAsterisk data-autofocus {...field('name')} />
        <CheckedController
          form={form}
          name="level"
          render={({ field: level, fieldState }) => (
            <NumberInput
              label="Level (orders the grades)"
              min={0}
              max={20}
              clampBehavior="none"
              value={level.value as number}
              onChange={(value) => level.onChange(value === '' ? 0 : Number(value))}
              onBlur={level.onBlur}
              ref={level.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Actions busy={isSubmitting} label={grade ? 'Save changes' : 'Create grade'} onCancel={onDone} />
      </Stack>
    </form>
  );
};

export const ClassForm = ({
  klass,
  grades,
  teachers,
  onDone,
}: {
  klass?: CbeClass;
  grades: CbeGrade[];
  teachers: CbeTeacher[];
  onDone: () => void;
}) => {
  const save = useSave('classes', klass?.id, onDone);
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeClassBody>,
    z.output<typeof cbeClassBody>
  >(cbeClassBody, {
    defaultValues: klass
      ? { grade_id: klass.grade_id, name: klass.name, teacher_id: klass.teacher_id ?? '' }
      : { grade_id: grades[0]?.id ?? '', name: '', teacher_id: '' },
    onSubmit: save,
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Grade"
          withAsterisk
          data={grades.map((g) => ({ value: g.id, label: g.name }))}
          {...field('grade_id')}
        />
        <TextInput label="Stream" placeholder="East" withAsterisk data-autofocus {...field('name')} />
        <NativeSelect
          label="Class teacher"
          // Current teachers only; the class's own, if no longer one, stays marked until changed.
          data={[
            { value: '', label: 'None yet' },
            ...teachers
              .filter((t) => t.active || t.id === klass?.teacher_id)
              .map((t) => ({ value: t.id, label: t.active ? t.name : `${t.name} (inactive)` })),
          ]}
          {...field('teacher_id')}
        />
        <Actions busy={isSubmitting} label={klass ? 'Save changes' : 'Create class'} onCancel={onDone} />
      </Stack>
    </form>
  );
};

type NamedChild = 'learning-areas' | 'strands' | 'sub-strands';
const CHILD = {
  'learning-areas': { parent: 'grade_id', label: 'Learning area', placeholder: 'Mathematics' },
  strands: { parent: 'learning_area_id', label: 'Strand', placeholder: 'Numbers' },
  'sub-strands': { parent: 'strand_id', label: 'Sub-strand', placeholder: 'Fractions' },
} as const;

// The name field of each body, the shared rule (made once: the form caches its resolver per schema).
const NAME_ONLY = {
  'learning-areas': cbeLearningAreaBody.pick({ name: true }),
  strands: cbeStrandBody.pick({ name: true }),
  'sub-strands': cbeSubStrandBody.pick({ name: true }),
} as const;

/**
 * A learning area of a grade, a strand of an area or a sub-strand of a strand: a name under its
 * parent. With `record`, renames it (PATCH, under the same parent: one with levels is not moved).
 */
export const ChildForm = ({
  kind,
  parentId,
  record,
  onDone,
}: {
  kind: NamedChild;
  parentId: string;
  record?: { id: string; name: string };
  onDone: () => void;
}) => {
  const spec = CHILD[kind];
  const save = useSave(kind, record?.id, onDone);
  const { field, submit, isSubmitting } = useSchemaForm<{ name: string }, { name: string }>(NAME_ONLY[kind], {
    defaultValues: { name: record?.name ?? '' },
    onSubmit: (values) => save({ [spec.parent]: parentId, name: values.name }),
    conflictField: 'name',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={spec.label}
          placeholder={spec.placeholder}
          withAsterisk
          data-autofocus
          {...field('name')}
        />
        <Actions
          busy={isSubmitting}
          label={record ? 'Save changes' : `Add ${spec.label.toLowerCase()}`}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
};
