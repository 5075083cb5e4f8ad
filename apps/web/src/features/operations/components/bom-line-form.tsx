import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { type BomLine, bomLineBody } from '@workhub/shared/schemas/operations';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error.ts';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getBomLine, useSaveBomLine } from '../api/bom.ts';
import { LEAD_TIME_UNIT_OPTIONS, RECORD_STATUS_OPTIONS } from '../operations-options.ts';
import { BomLineConflict, bomLineInput } from './bom-line-inline-editor.tsx';
import { ProductSelect } from './product-select.tsx';

type BomLineInput = z.input<typeof bomLineBody>;
type BomLineOutput = z.output<typeof bomLineBody>;

const NEW_LINE: BomLineInput = {
  product_needed: '',
  bom_qty: '1',
  lead_time: '0',
  lead_time_unit: 'days',
  cost_per_unit: '',
  notes: '',
  status: 'active',
};

/** A cycle's 409 ('This line would make a cycle: Bicycle → Wheel → Bicycle'), told apart from others. */
const CYCLE_PREFIX = operationsMessages.bomCycle('');

type BomLineFormProps = {
  productId: string;
  productName: string;
  /** The line to edit; none: a new line. */
  line?: BomLine;
  onDone: () => void;
};

/**
 * A BOM line of `productName` (bomLineBody): the component, how many per one product, the offset
 * lead time, a bought part's cost, notes, status. A line that would close a cycle is refused by the
 * API with the path it would make: the form shows that path in full above the buttons.
 */
export const BomLineForm = ({ productId, productName, line, onDone }: BomLineFormProps) => {
  const save = useSaveBomLine();
  const [cycle, setCycle] = useState<string | null>(null);
  const edit = useEditVersion(
    line,
    (opened) => opened.updated_at,
    () => getBomLine(line?.id ?? ''),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<BomLineInput, BomLineOutput>(bomLineBody, {
    defaultValues: line ? bomLineInput(line) : NEW_LINE,
    onSubmit: async (values) => {
      setCycle(null);
      const answer = await save.mutateAsync({
        productId,
        lineId: line?.id,
        body: values,
        version: edit.version,
      });
      notify.success(answer.message || (line ? messages.updateDone : operationsMessages.bomLineCreated));
      onDone();
    },
    onError: (error) => {
      if (edit.onError(error)) return true;
      if (error instanceof ApiError && error.status === 409 && error.message.startsWith(CYCLE_PREFIX)) {
        setCycle(error.message);
        return true;
      }
      return false;
    },
    // 409 one line per component: under the component.
    conflictField: 'product_needed',
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CheckedController
          form={form}
          name="product_needed"
          render={({ field: component, fieldState }) => (
            <ProductSelect
              label="Component"
              withAsterisk
              value={String(component.value ?? '')}
              selectedName={line?.product_needed_name ?? null}
              exclude={[productId]}
              error={fieldState.error?.message}
              onChange={(choice) => {
                setCycle(null);
                component.onChange(choice?.id ?? '');
              }}
              onBlur={component.onBlur}
              ref={component.ref}
              data-autofocus
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={`Quantity per ${productName}`}
            inputMode="decimal"
            withAsterisk
            {...field('bom_qty')}
          />
          <TextInput
            label="Cost per unit"
            description="Empty: the component’s price"
            inputMode="decimal"
            {...field('cost_per_unit')}
          />
          <TextInput
            label="Lead time offset"
            description="On hand this long before the parent starts"
            inputMode="numeric"
            {...field('lead_time')}
          />
          <NativeSelect label="Lead time unit" data={LEAD_TIME_UNIT_OPTIONS} {...field('lead_time_unit')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} {...field('notes')} />
        <NativeSelect label="Status" data={RECORD_STATUS_OPTIONS} {...field('status')} />
        {cycle ? (
          <Alert color="red" title="A product cannot need itself" role="alert">
            {cycle}
          </Alert>
        ) : null}
        <BomLineConflict edit={edit} load={(values) => form.reset(values)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {line ? 'Save line' : 'Add line'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
