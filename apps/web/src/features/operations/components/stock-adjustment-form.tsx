import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { stockAdjustmentForm } from '@workhub/shared/schemas/operations';
import { useEffect } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error.ts';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useProduct } from '../api/get-product.ts';
import { useAdjustStock } from '../api/stock.ts';
import { formatQty } from '../operations-format.ts';
import { type ProductChoice, ProductSelect } from './product-select.tsx';

type AdjustInput = z.input<typeof stockAdjustmentForm>;
type AdjustOutput = z.output<typeof stockAdjustmentForm>;

type StockAdjustmentFormProps = { product?: ProductChoice | null; onDone: () => void };

/**
 * A stock count (stockAdjustmentForm): the product, the quantity counted on hand now (not a
 * change: the move records the difference) and why. Stock never goes below 0. Opened in a dialog,
 * the focus starts in Product, or in 'Counted on hand' when the product is already given.
 * The form shows the product's on-hand figure and sends it as `expected_on_hand`: a move made
 * meanwhile (a shipment, a work order's consumption) makes the server refuse the count (409,
 * under Counted on hand) instead of undoing that move, and the figure shown is read again.
 */
export const StockAdjustmentForm = ({ product, onDone }: StockAdjustmentFormProps) => {
  const adjust = useAdjustStock();
  const { form, field, submit, isSubmitting } = useSchemaForm<AdjustInput, AdjustOutput>(
    stockAdjustmentForm,
    {
      defaultValues: { product_id: product?.id ?? '', quantity: '', reason: '', expected_on_hand: '' },
      fields: ['product_id', 'quantity', 'reason', 'expected_on_hand'],
      onSubmit: async (values) => {
        try {
          const answer = await adjust.mutateAsync(values);
          notify.success(answer.message || operationsMessages.stockAdjusted);
          onDone();
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) void onHand.refetch();
          throw error;
        }
      },
    },
  );
  const productId = form.watch('product_id');
  const onHand = useProduct(productId || undefined);
  const shown = onHand.data?.id === productId ? onHand.data.product_qty : undefined;
  const { setValue } = form;
  useEffect(() => {
    setValue('expected_on_hand', shown ?? '');
  }, [shown, setValue]);
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
        {productId ? (
          <Text size="sm" aria-live="polite">
            {shown === undefined ? 'Reading the stock on hand…' : `On hand in the books: ${formatQty(shown)}`}
          </Text>
        ) : null}
        {productId && form.formState.errors.expected_on_hand ? (
          <Text size="sm" c="red.8" role="alert">
            {form.formState.errors.expected_on_hand.message}
          </Text>
        ) : null}
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
