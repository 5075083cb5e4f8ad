import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { parseDecimal } from '@workhub/shared/schemas/decimal';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { type OrderDetail, type OrderKind, type OrderStep, useOrderStep } from '../api/orders.ts';
import { formatQty } from '../operations-format.ts';
import { deliveredOf, ORDER_TEXTS } from '../order-kinds.ts';

const SUCCESS: Record<OrderStep, string> = {
  confirm: operationsMessages.orderConfirmed,
  receive: operationsMessages.orderReceived,
  ship: operationsMessages.orderShipped,
  close: operationsMessages.orderClosed,
  cancel: operationsMessages.orderCancelled,
};

/** What a step does, said before it is taken. */
const explain = (kind: OrderKind, step: OrderStep): string => {
  switch (step) {
    case 'confirm':
      return kind === 'purchase'
        ? 'A confirmed order can no longer be edited; the MRP run counts it as supply on its due dates.'
        : 'A confirmed order can no longer be edited; the MRP run plans to cover it.';
    case 'receive':
      return 'The quantities below go into stock now. Receive less to keep the rest open.';
    case 'ship':
      return 'The quantities below leave stock now. Nothing ships if any product lacks stock.';
    case 'close':
      return 'Nothing more is expected on this order: what was not delivered is no longer planned.';
    case 'cancel':
      return 'The order is cancelled and no longer planned. This cannot be undone.';
  }
};

/** The quantity still open on a line, as exact text ('40' of '40.0000' − '0'). */
const openQty = (line: OrderDetail['lines'][number]): string => {
  const left = Number(line.quantity) - Number(deliveredOf(line));
  return formatQty(String(Math.max(Math.round(left * 10_000) / 10_000, 0))).replace(/,/g, '');
};

type OrderStepDialogProps = {
  kind: OrderKind;
  order: OrderDetail;
  step: OrderStep | null;
  onClose: () => void;
};

/**
 * Asks before a status step of an order. Receiving or shipping lists each open line with the
 * quantity still open, which may be lowered for a partial delivery; all of it sends no lines.
 * The focus starts in the first quantity, or, for a step with nothing to fill in (confirm, close,
 * cancel: none taken back), on Back.
 */
export const OrderStepDialog = ({ kind, order, step, onClose }: OrderStepDialogProps) => {
  const run = useOrderStep();
  const delivering = step === 'receive' || step === 'ship';
  const open = order.lines.filter((line) => Number(openQty(line)) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((line) => [line.id, openQty(line)])),
  );
  // What is wrong with a typed quantity, as every other quantity field says it (too many decimals,
  // not a number, below zero); empty or 0 is 'none of this line'.
  const problemOf = (line: OrderDetail['lines'][number]): string | null => {
    const text = (quantities[line.id] ?? '').trim();
    if (text === '' || text === '0') return null;
    const parsed = parseDecimal(text);
    if ('error' in parsed) return parsed.error;
    return parsed.value.startsWith('-') ? messages.decimalNegative : null;
  };
  // Each open line's problem, worked out once a render (the field's error and the count use it).
  const problems = new Map(open.map((line) => [line.id, problemOf(line)] as const));
  const invalid = open.filter((line) => problems.get(line.id) != null);

  // More than a line still expects: said under it before anything is sent, as the API would.
  const tooMuch = open.filter(
    (line) => !invalid.includes(line) && Number(quantities[line.id]) > Number(openQty(line)),
  );
  const tooMuchText = (line: OrderDetail['lines'][number]) =>
    (step === 'ship' ? operationsMessages.shipTooMuch : operationsMessages.receiveTooMuch)(
      line.product_name,
      formatQty(openQty(line)),
    );

  // A refusal, said in the dialog where the user acts (a toast behind the modal went unseen): the
  // API's message per line (`lines.N.quantity` of the lines sent), else one message above the buttons.
  const [refusedLines, setRefusedLines] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const showRefusal = (error: unknown, sent: { line_id: string }[]) => {
    const byLine: Record<string, string> = {};
    if (error instanceof ApiError) {
      for (const [field, message] of Object.entries(error.fields)) {
        const at = /^lines\.(\d+)\./.exec(field)?.[1];
        const line = at === undefined ? undefined : sent[Number(at)];
        if (line) byLine[line.line_id] ??= message;
      }
    }
    setRefusedLines(byLine);
    setRefused(Object.keys(byLine).length > 0 ? null : errorMessage(error));
  };

  const onConfirm = async () => {
    if (!step) return;
    setRefused(null);
    setRefusedLines({});
    const chosen = open
      .map((line) => ({ line_id: line.id, quantity: (quantities[line.id] ?? '').trim() }))
      .filter((line) => line.quantity !== '' && Number(line.quantity) > 0);
    const everything = open.every((line) => (quantities[line.id] ?? '').trim() === openQty(line));
    try {
      const answer = await run.mutateAsync({
        kind,
        id: order.id,
        step,
        body: delivering && !everything ? { lines: chosen } : undefined,
      });
      notify.success(answer.message || SUCCESS[step]);
      onClose();
    } catch (error) {
      showRefusal(error, delivering && !everything ? chosen : open.map((line) => ({ line_id: line.id })));
    }
  };

  const title = step
    ? `${step === 'cancel' ? 'Cancel' : step.charAt(0).toUpperCase() + step.slice(1)} ${order.number_label}?`
    : '';
  const noneChosen = delivering && open.every((line) => !(Number(quantities[line.id]) > 0));

  return (
    <Modal opened={step !== null} onClose={onClose} title={title} centered size={delivering ? 'lg' : 'md'}>
      {step ? (
        <Stack gap="md">
          <Text size="sm">{explain(kind, step)}</Text>
          {delivering ? (
            <Table verticalSpacing={4} aria-label={`Quantities to ${step}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Open</Table.Th>
                  <Table.Th w={140}>{ORDER_TEXTS[kind].delivery === 'receive' ? 'Receive' : 'Ship'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((line, index) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>{line.product_name}</Table.Td>
                    <Table.Td>{formatQty(openQty(line))}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        inputMode="decimal"
                        aria-label={`Quantity of ${line.product_name}`}
                        data-autofocus={index === 0 || undefined}
                        // Filled in with the open quantity: selected on entry, so a typed one replaces it.
                        onFocus={(event) => event.currentTarget.select()}
                        value={quantities[line.id] ?? ''}
                        error={
                          invalid.includes(line)
                            ? problems.get(line.id)
                            : tooMuch.includes(line)
                              ? tooMuchText(line)
                              : refusedLines[line.id]
                        }
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setQuantities((was) => ({ ...was, [line.id]: value }));
                          setRefusedLines(({ [line.id]: _changed, ...others }) => others);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {refused ? (
            <Alert color="red" role="alert">
              {refused}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={onClose}
              disabled={run.isPending}
              data-autofocus={!delivering || open.length === 0 || undefined}
            >
              Back
            </Button>
            <Button
              color={step === 'cancel' ? 'red' : undefined}
              loading={run.isPending}
              disabled={invalid.length > 0 || tooMuch.length > 0 || noneChosen}
              onClick={() => void onConfirm()}
            >
              {title.replace(/\?$/, '')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};
