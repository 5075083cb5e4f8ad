import { Button, Group, Stack, TextInput } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { stockAdjustmentBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdjustStock } from '../api/stock.ts';
import { type ProductChoice, ProductSelect } from './product-select.tsx';

type AdjustInput = z.input<typeof stockAdjustmentBody>;
type AdjustOutput = z.output<typeof stockAdjustmentBody>;

type StockAdjustmentFormProps = { product?: ProductChoice | null; onDone: () => void };

/**
 * A stock count (stockAdjustmentBody): the product, the quantity counted on hand now (not a
 * change: the move records the difference) and why. Stock never goes below 0. Opened in a dialog,
 * the focus starts in Product, or in 'Counted on hand' when the product is already given.
 */
export const StockAdjustmentForm = ({ product, onDone }: StockAdjustmentFormProps) => {
  const adjust = useAdjustStock();
  const { form, field, submit, isSubmitting } = useSchemaForm<AdjustInput, AdjustOutput>(
    stockAdjustmentBody,
    {
      defaultValues: { product_id: product?.id ?? '', quantity: '', reason: '' },
      onSubmit: async (values) => {
        const answer = await adjust.mutateAsync(values);
        notify.success(answer.message || operationsMessages.stockAdjusted);
        onDone();
      },
    },
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Stock count">
      <Stack gap="md">
        <CheckedController
          form={form}
          name="product_id"
          render={({ field: chosen, fieldState }) => (
            <ProductSelect
              label="Product"
              withAsterisk
              value={chosen.value}
              selectedName={product?.name ?? null}
              error={fieldState.error?.message}
              onChange={(choice) => chosen.onChange(choice?.id ?? '')}
              onBlur={chosen.onBlur}
              ref={chosen.ref}
              data-autofocus={!product}
            />
          )}
        />
        <TextInput
          label="Counted on hand"
          description="The quantity there now: the move records the difference"
          inputMode="decimal"
          withAsterisk
          data-autofocus={product ? true : undefined}
          {...field('quantity')}
        />
        <TextInput label="Reason" withAsterisk autoComplete="off" {...field('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            Save count
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
