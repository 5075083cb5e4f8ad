import { Button, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { TAG_NAME_MAX, type Tag, tagBody } from '@workhub/shared/schemas/tags';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { invalidateTagged } from '../../../lib/workspace-tags.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { getTag, useUpdateTag } from '../api/update-tag.ts';

type TagInput = z.input<typeof tagBody>;
type TagValues = z.output<typeof tagBody>;

/** The colours offered as swatches; any other '#rrggbb' can be typed or picked. */
export const TAG_SWATCHES = [
  '#e03131',
  '#f08c00',
  '#fcc419',
  '#2f9e44',
  '#0c8599',
  '#1e90ff',
  '#3b5bdb',
  '#7048e8',
  '#c2255c',
  '#495057',
];

const valuesOf = (tag: Tag): TagInput => ({ name: tag.name, color: tag.color });

/** The fields an edit conflict names, as the dialog labels them. */
const TAG_LABELS = { name: 'Name', color: 'Colour' };

type TagFormProps = {
  /** The tag to edit; none: a new tag. */
  tag?: Tag;
  onDone: () => void;
};

/** Name and colour of a tag (create or edit), in the dialog of the Tags page. */
export const TagForm = ({ tag, onDone }: TagFormProps) => {
  const create = useCreateTag();
  const update = useUpdateTag();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    tag,
    (opened) => opened.updated_at,
    () => getTag(tag?.id ?? ''),
    // The list behind the dialog, and what carries the tag, show their version too.
    () => invalidateTagged(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<TagInput, TagValues>(tagBody, {
    defaultValues: tag ? valuesOf(tag) : { name: '', color: TAG_SWATCHES[5] ?? '' },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = tag
        ? await update.mutateAsync({ id: tag.id, body: values, version: edit.version })
        : await create.mutateAsync(values);
      notify.success(answer.message || (tag ? messages.tagUpdated : messages.tagCreated));
      onDone();
    },
    // 409: the name is taken; it goes under Name.
    conflictField: 'name',
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          autoComplete="off"
          maxLength={TAG_NAME_MAX}
          data-autofocus
          {...field('name')}
        />
        <CheckedController
          form={form}
          name="color"
          render={({ field, fieldState }) => (
            <ColorInput
              label="Colour"
              format="hex"
              swatches={TAG_SWATCHES}
              swatchesPerRow={10}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
            />
          )}
        />
        <EditConflict
          edit={edit}
          what="tag"
          valuesOf={valuesOf}
          labels={TAG_LABELS}
          load={(values) => form.reset(values)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {tag ? 'Save changes' : 'Create tag'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
