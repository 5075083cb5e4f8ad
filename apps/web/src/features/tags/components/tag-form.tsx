import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { TAG_NAME_MAX, type Tag, tagBody } from '@workhub/shared/schemas/tags';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bindField } from '../../../lib/form-binding.ts';
import { showFormError } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { useCreateTag } from '../api/create-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';

type TagInput = z.input<typeof tagBody>;
type TagValues = z.output<typeof tagBody>;

const FORM_FIELDS = ['name', 'color'] as const;
const resolver = zodResolver(tagBody);

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

type TagFormProps = {
  /** The tag to edit; none: a new tag. */
  tag?: Tag;
  onDone: () => void;
};

/** Name and colour of a tag (create or edit), in the dialog of the Tags page. */
export const TagForm = ({ tag, onDone }: TagFormProps) => {
  const create = useCreateTag();
  const update = useUpdateTag();
  const form = useForm<TagInput, unknown, TagValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: tag ? { name: tag.name, color: tag.color } : { name: '', color: TAG_SWATCHES[5] ?? '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = tag
        ? await update.mutateAsync({ id: tag.id, body: values })
        : await create.mutateAsync(values);
      notify.success(answer.message || (tag ? messages.tagUpdated : messages.tagCreated));
      onDone();
    } catch (error) {
      // 409: the name is taken; it goes under Name.
      showFormError(error, form.setError, FORM_FIELDS, 'name');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          autoComplete="off"
          maxLength={TAG_NAME_MAX}
          data-autofocus
          {...bindField(form, 'name')}
        />
        <Controller
          control={form.control}
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
