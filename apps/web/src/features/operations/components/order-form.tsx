import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  customerOrderBody,
  ORDER_LINES_MAX,
  orderLineAmount,
  purchaseOrderBody,
} from '@workhub/shared/schemas/operations-orders';
import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PHONE_QUERY } from '../../../components/filter-fold.tsx';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { CheckedController } from '../../../lib/checked-controller.tsx';
import { priced } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { OFF_SCREEN } from '../../../lib/off-screen.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getOrder, type OrderDetail, type OrderKind, type OrderValues, useSaveOrder } from '../api/orders.ts';
import { invalidateOperations } from '../api/query-keys.ts';
import { decimalInput, formatMoney, todayUtc } from '../operations-format.ts';
import { ORDER_TEXTS, partyOf } from '../order-kinds.ts';
import { ProductSelect } from './product-select.tsx';

type LineInput = {
  product_id: string;
  product_name: string;
  quantity: string;
  unit_price: string;
  due_date: string;
};
/** Both kinds' fields: the party is `supplier_name` (purchase) or `customer_name` (customer). */
type OrderFormInput = {
  supplier_name?: string;
  customer_name?: string;
  order_date: string;
  due_date: string;
  notes: string;
  lines: LineInput[];
};
type PartyKey = 'supplier_name' | 'customer_name';

/**
 * The shared schema of the order's kind: the form and the API check the same rules (the party,
 * dates, 1-200 lines, quantities, prices). The form's type covers both kinds; each schema reads its own.
 */
const schemaFor = (kind: OrderKind) =>
  (kind === 'purchase' ? purchaseOrderBody : customerOrderBody) as unknown as z.ZodType<
    OrderValues,
    OrderFormInput
  >;

const partyKey = (kind: OrderKind): PartyKey => (kind === 'purchase' ? 'supplier_name' : 'customer_name');

const emptyLine = (): LineInput => ({
  product_id: '',
  product_name: '',
  quantity: '1',
  unit_price: '0',
  due_date: '',
});

const initialValues = (kind: OrderKind, order?: OrderDetail): OrderFormInput =>
  order
    ? {
        [partyKey(kind)]: partyOf(order),
        order_date: order.order_date,
        due_date: order.due_date,
        notes: order.notes ?? '',
        lines: order.lines.map((line) => ({
          product_id: line.product_id,
          product_name: line.product_name,
          quantity: decimalInput(line.quantity),
          unit_price: decimalInput(line.unit_price),
          due_date: line.due_date === order.due_date ? '' : line.due_date,
        })),
      }
    : { [partyKey(kind)]: '', order_date: todayUtc(), due_date: todayUtc(), notes: '', lines: [emptyLine()] };

const LINE_FIELDS = ['product_id', 'quantity', 'unit_price', 'due_date'] as const;

/**
 * Where a server's 400 may put its messages: the order's fields, and each line's by its place
 * ('lines.1.product_id', a product gone since it was chosen), as the API names them.
 */
const formFields = (kind: OrderKind, lineCount: number): Path<OrderFormInput>[] => [
  partyKey(kind),
  'order_date',
  'due_date',
  'notes',
  'lines',
  ...Array.from({ length: lineCount }, (_line, index) =>
    LINE_FIELDS.map((name) => `lines.${index}.${name}` as const),
  ).flat(),
];

/** The fields an edit conflict names, as the form labels them (the party's is the kind's). */
const orderLabels = (kind: OrderKind) =>
  ({
    [partyKey(kind)]: ORDER_TEXTS[kind].party,
    order_date: 'Order date',
    due_date: 'Due date',
    notes: 'Notes',
    lines: 'Lines',
  }) as Partial<Record<keyof OrderFormInput, string>>;

/** `onClose`: Cancel, or an edit saved (a new order opens its own page instead). */
type OrderFormProps = { kind: OrderKind; order?: OrderDetail; onClose: () => void };

/**
 * A purchase or customer order while it is a draft: the party, dates, notes and its lines (product,
 * quantity, unit price, a due date of its own), 1 to 200 of them. Saving a draft replaces its lines.
 */
export const OrderForm = ({ kind, order, onClose }: OrderFormProps) => {
  const texts = ORDER_TEXTS[kind];
  const navigate = useNavigate();
  const currency = useWorkspaceCurrency();
  const save = useSaveOrder();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    order,
    (opened) => opened.updated_at,
    () => getOrder(kind, order?.id ?? ''),
    // The page around the form shows their version too.
    () => invalidateOperations(queryClient),
  );
  const [defaults] = useState(() => initialValues(kind, order));
  // The lines are kept without useFieldArray: it would add ~1.5 KB gzip to react-hook-form's chunk,
  // which the sign-in page loads too (its 140 KB budget). Each line keeps a key of its own.
  const [keys, setKeys] = useState<number[]>(() => defaults.lines.map((_line, index) => index));
  const nextKey = useRef(keys.length);
  const { form, field, submit, isSubmitting } = useSchemaForm<OrderFormInput, OrderValues>(schemaFor(kind), {
    defaultValues: defaults,
    fields: formFields(kind, keys.length),
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ kind, id: order?.id, body: values, version: edit.version });
      notify.success(answer.message || (order ? messages.updateDone : operationsMessages.orderCreated));
      if (order) onClose();
      else await navigate(`${texts.path}/${answer.data.id}`);
    },
  });
  /** Their version in the form: its values, and a key for each of its lines. */
  const loadTheirs = (values: OrderFormInput) => {
    form.reset(values);
    setKeys(values.lines.map(() => nextKey.current++));
  };
  const appendLine = () => {
    form.setValue('lines', [...form.getValues('lines'), emptyLine()]);
    setKeys((was) => [...was, nextKey.current++]);
  };
  const removeLine = (index: number) => {
    form.setValue(
      'lines',
      form.getValues('lines').filter((_line, at) => at !== index),
    );
    setKeys((was) => was.filter((_key, at) => at !== index));
  };
  // An opened draft's form takes the focus at its first field, the party: the button that opened it
  // is gone, and 'Edit the draft' beside a missing supplier sends the user there to fill it in.
  const editsOrder = order !== undefined;
  useEffect(() => {
    if (editsOrder) form.setFocus(partyKey(kind));
  }, [editsOrder, form, kind]);
  const lineNames = (index: number) => form.getValues(`lines.${index}.product_name`);
  const linesError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;
  const values = form.watch('lines');
  // Null while a line's quantity or price is wrong: no total is shown from lines marked wrong.
  const amounts = values.map(orderLineAmount);
  const total = amounts.some((amount) => amount === null)
    ? null
    : amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);

  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  /** A line's inputs; in the table (`inTable`) their labels are read, not shown. */
  const lineFields = (index: number, inTable: boolean) => {
    const line = index + 1;
    const hidden = inTable ? { style: OFF_SCREEN } : undefined;
    return {
      product: (
        <CheckedController
          form={form}
          name={`lines.${index}.product_id`}
          render={({ field: product, fieldState }) => (
            <ProductSelect
              label={inTable ? `Product of line ${line}` : 'Product'}
              hideLabel={inTable}
              value={product.value}
              selectedName={lineNames(index) || null}
              error={fieldState.error?.message}
              onChange={(choice) => {
                product.onChange(choice?.id ?? '');
                if (choice?.price !== undefined)
                  form.setValue(`lines.${index}.unit_price`, decimalInput(choice.price));
              }}
              onBlur={product.onBlur}
              ref={product.ref}
            />
          )}
        />
      ),
      quantity: (
        <TextInput
          label={inTable ? `Quantity of line ${line}` : 'Quantity'}
          labelProps={hidden}
          inputMode="decimal"
          {...field(`lines.${index}.quantity`)}
        />
      ),
      unitPrice: (
        <TextInput
          label={inTable ? `Unit price of line ${line}` : 'Unit price'}
          labelProps={hidden}
          inputMode="decimal"
          {...field(`lines.${index}.unit_price`)}
        />
      ),
      dueDate: (
        <TextInput
          label={inTable ? `Due date of line ${line}` : 'Due date'}
          labelProps={hidden}
          type="date"
          {...field(`lines.${index}.due_date`)}
        />
      ),
    };
  };
  const removeButton = (index: number) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove line ${index + 1}`}
      disabled={keys.length === 1}
      onClick={() => removeLine(index)}
    >
      <span aria-hidden>✕</span>
    </ActionIcon>
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form
        onSubmit={submit}
        noValidate
        aria-label={order ? `Edit ${order.number_label}` : `New ${texts.noun}`}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={texts.party}
              autoComplete="off"
              withAsterisk={kind === 'customer'}
              {...field(partyKey(kind))}
            />
            <TextInput label="Order date" type="date" withAsterisk {...field('order_date')} />
            <TextInput label="Due date" type="date" withAsterisk {...field('due_date')} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} {...field('notes')} />
          <Title order={2} fz="h5">
            Lines
          </Title>
          {phone ? (
            // On a phone, one card per line with its fields one under the other: the table's five
            // columns scrolled sideways, with only the product in view.
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Order lines">
              {keys.map((key, index) => (
                <Paper
                  key={key}
                  component="li"
                  withBorder
                  p="sm"
                  radius="md"
                  aria-label={`Line ${index + 1}`}
                >
                  <Group justify="space-between" mb={4}>
                    <Title order={3} fz="sm">
                      Line {index + 1}
                    </Title>
                    {removeButton(index)}
                  </Group>
                  <Stack gap="xs">
                    {lineFields(index, false).product}
                    <SimpleGrid cols={2} spacing="xs">
                      {lineFields(index, false).quantity}
                      {lineFields(index, false).unitPrice}
                    </SimpleGrid>
                    {lineFields(index, false).dueDate}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <ScrollFrame label="Order lines">
              <Table miw={820} verticalSpacing="xs" aria-label="Order lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th w={130}>Quantity</Table.Th>
                    <Table.Th w={130}>Unit price</Table.Th>
                    <Table.Th w={170}>Due date</Table.Th>
                    <Table.Th w={40}>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {keys.map((key, index) => {
                    // The column headers name the fields: each input's own label ('Quantity of
                    // line 2') is read, not shown (shown, it repeated the header in every row).
                    const fields = lineFields(index, true);
                    return (
                      <Table.Tr key={key} style={{ verticalAlign: 'top' }}>
                        <Table.Td>{fields.product}</Table.Td>
                        <Table.Td>{fields.quantity}</Table.Td>
                        <Table.Td>{fields.unitPrice}</Table.Td>
                        <Table.Td>{fields.dueDate}</Table.Td>
                        <Table.Td>{removeButton(index)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollFrame>
          )}
          {linesError ? (
            <Alert color="red" role="alert">
              {linesError}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="light" size="xs" disabled={keys.length >= ORDER_LINES_MAX} onClick={appendLine}>
              + Add line
            </Button>
            <span>
              Total: <strong>{total === null ? '—' : priced(formatMoney(String(total)), currency)}</strong>
              {total === null ? (
                <Text component="span" size="sm" c="dimmed">
                  {' '}
                  (once every line's quantity and price are right)
                </Text>
              ) : null}
            </span>
          </Group>
          <EditConflict
            edit={edit}
            what={texts.noun}
            valuesOf={(theirs: OrderDetail) => initialValues(kind, theirs)}
            labels={orderLabels(kind)}
            load={loadTheirs}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {order ? 'Save draft' : `Create ${texts.noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
