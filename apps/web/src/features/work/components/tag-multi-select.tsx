import { MultiSelect } from '@mantine/core';
import { TAGS_PER_RECORD_MAX } from '@workhub/shared/schemas/tags';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { tagOptions, useTagChoices } from '../../../lib/workspace-tags.ts';

type TagMultiSelectProps<T extends FieldValues, TOut> = {
  form: UseFormReturn<T, unknown, TOut>;
  name: Path<T>;
};

/** 'Tags' of a project or task form: any of the workspace's tags (Settings > Tags makes them). */
export const TagMultiSelect = <T extends FieldValues, TOut>({ form, name }: TagMultiSelectProps<T, TOut>) => {
  const tags = useTagChoices();
  return (
    <CheckedController
      form={form}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          label="Tags"
          placeholder={
            tags.isPending ? 'Loading' : (tags.data ?? []).length === 0 ? 'No tags yet' : 'Choose tags'
          }
          data={tagOptions(tags.data)}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          maxValues={TAGS_PER_RECORD_MAX}
          searchable
          clearable
          nothingFoundMessage="No such tag"
          error={fieldState.error?.message}
        />
      )}
    />
  );
};
