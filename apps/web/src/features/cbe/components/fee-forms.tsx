import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  CBE_PAYMENT_DATE_MIN,
  CBE_PAYMENT_METHOD_LABELS,
  CBE_PAYMENT_METHODS,
  cbeFeeStructureBody,
  cbeInvoiceGenerateBody,
  cbeMessages,
  cbePaymentBody,
} from '@workhub/shared/schemas/cbe';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { headed } from '../../../lib/currency.ts';
import { useLateAutofocus } from '../../../lib/dialog-autofocus.ts';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getCbe, invalidateCbe, useCbeGet, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeFeeStructure, CbeGrade, CbeInvoice, CbeStatement, CbeTerm } from '../api/types.ts';
import { formatMoney, useSchoolCurrency } from '../cbe-money.ts';
import { classLabel, useSchoolToday } from './class-picker.tsx';
import { StudentWithNumber } from './student-with-number.tsx';

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

type StructureInput = z.input<typeof cbeFeeStructureBody>;

/** An answer's amount as its input starts: '18500.0000' -> '18500', '99.5000' -> '99.5'. */
const amountInput = (amount: string) =>
  amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;

const structureValues = (structure: CbeFeeStructure): StructureInput => ({
  grade_id: structure.grade_id,
  term_id: structure.term_id,
  amount: amountInput(structure.amount),
  description: structure.description ?? '',
});

/** The fields an edit conflict names, as the dialog labels them. */
const STRUCTURE_LABELS = { grade_id: 'Grade', term_id: 'Term', amount: 'Amount', description: 'Description' };

export const FeeStructureForm = ({
  structure,
  grades,
  terms,
  onDone,
}: {
  structure?: CbeFeeStructure;
  grades: CbeGrade[];
  terms: CbeTerm[];
  onDone: () => void;
}) => {
  const write = useCbeWrite();
  const currency = useSchoolCurrency();
  const queryClient = useQueryClient();
  const edit = useEditVersion(
    structure,
    (opened) => opened.updated_at,
    () => getCbe<CbeFeeStructure>(`fee-structures/${encodeURIComponent(structure?.id ?? '')}`),
    // The list behind the dialog shows their version too.
    () => invalidateCbe(queryClient),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<
    StructureInput,
    z.output<typeof cbeFeeStructureBody>
  >(cbeFeeStructureBody, {
    defaultValues: structure
      ? structureValues(structure)
      : { grade_id: grades[0]?.id ?? '', term_id: terms[0]?.id ?? '', amount: '', description: '' },
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await write.mutateAsync(
        structure
          ? { method: 'PATCH', path: `fee-structures/${structure.id}`, body: values, ifMatch: edit.version }
          : { method: 'POST', path: 'fee-structures', body: values },
      );
      notify.success(answer.message ?? 'Saved');
      onDone();
    },
    conflictField: 'term_id',
  });
  // Invoices were issued at it: its grade, term and amount are kept (the API answers 409), so they
  // are shown, not offered; the description is still edited.
  const locked = structure?.in_use === true;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {locked ? (
          <>
            <Alert color="blue" variant="light" title="Invoices were issued at this fee">
              {cbeMessages.feeStructureLocked}
            </Alert>
            <TextInput label="Grade" readOnly value={structure.grade_name} />
            <TextInput label="Term" readOnly value={structure.term_name} />
            <TextInput label={`Amount (${currency})`} readOnly {...field('amount')} />
          </>
        ) : (
          <>
            <NativeSelect
              label="Grade"
              withAsterisk
              data-autofocus
              data={grades.map((g) => ({ value: g.id, label: g.name }))}
              {...field('grade_id')}
            />
            <NativeSelect
              label="Term"
              withAsterisk
              data={terms.map((t) => ({ value: t.id, label: `${t.year_name} · ${t.name}` }))}
              {...field('term_id')}
            />
            <TextInput label={`Amount (${currency})`} inputMode="decimal" withAsterisk {...field('amount')} />
          </>
        )}
        <TextInput
          label="Description"
          placeholder="Tuition, lunch, activities"
          data-autofocus={locked || undefined}
          {...field('description')}
        />
        <EditConflict
          edit={edit}
          what="fee structure"
          valuesOf={structureValues}
          labels={STRUCTURE_LABELS}
          load={(values) => form.reset(values)}
        />
        <Actions busy={isSubmitting} label={structure ? 'Save changes' : 'Set fee'} onCancel={onDone} />
      </Stack>
    </form>
  );
};

export const GenerateInvoicesForm = ({
  classes,
  terms,
  onDone,
}: {
  classes: CbeClass[];
  terms: CbeTerm[];
  onDone: () => void;
}) => {
  const write = useCbeWrite<{ created: number }>();
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbeInvoiceGenerateBody>,
    z.output<typeof cbeInvoiceGenerateBody>
  >(cbeInvoiceGenerateBody, {
    defaultValues: { class_id: classes[0]?.id ?? '', term_id: terms[0]?.id ?? '' },
    onSubmit: async (values) => {
      const answer = await write.mutateAsync({ method: 'POST', path: 'invoices/generate', body: values });
      notify.success(
        answer.data.created === 0
          ? 'Every student of the class already has an invoice for that term'
          : `${answer.data.created} invoice${answer.data.created === 1 ? '' : 's'} issued`,
      );
      onDone();
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One invoice per active student of the class, at the grade's fee for the term. Students already
          invoiced are skipped.
        </Text>
        <NativeSelect
          label="Class"
          data-autofocus
          data={classes.map((c) => ({ value: c.id, label: classLabel(c) }))}
          {...field('class_id')}
        />
        <NativeSelect
          label="Term"
          data={terms.map((t) => ({ value: t.id, label: `${t.year_name} · ${t.name}` }))}
          {...field('term_id')}
        />
        <Actions busy={isSubmitting} label="Issue invoices" onCancel={onDone} />
      </Stack>
    </form>
  );
};

type PaymentFormProps = { invoice: CbeInvoice; onDone: () => void };

/** A payment against an invoice, dated the school's today unless changed (once that day is known). */
export const PaymentForm = (props: PaymentFormProps) => {
  const { query } = useSchoolToday();
  return (
    <QueryState query={query} errorTitle="The school's today could not be loaded">
      {(settings) => <PaymentFields {...props} today={settings.today} />}
    </QueryState>
  );
};

const PaymentFields = ({ invoice, onDone, today }: PaymentFormProps & { today: string }) => {
  const write = useCbeWrite();
  const currency = useSchoolCurrency();
  const { field, submit, isSubmitting } = useSchemaForm<
    z.input<typeof cbePaymentBody>,
    z.output<typeof cbePaymentBody>
  >(cbePaymentBody, {
    defaultValues: {
      invoice_id: invoice.id,
      amount: '',
      paid_on: today,
      method: 'mpesa',
      reference: '',
    },
    onSubmit: async (values) => {
      await write.mutateAsync({ method: 'POST', path: 'payments', body: values });
      // What was recorded, for whom: 'Created' alone left the bursar to check the balance.
      notify.success(
        `Payment of ${currency} ${formatMoney(values.amount)} recorded for ${invoice.student_name}`,
      );
      onDone();
    },
    conflictField: 'amount',
  });
  // The fields come once the school's today is read: the dialog opened on its Close before that.
  const lateAutofocus = useLateAutofocus();
  return (
    <form onSubmit={submit} noValidate ref={lateAutofocus}>
      <Stack gap="sm">
        <Text size="sm">
          {invoice.student_name} · {invoice.term_name}: balance <b>{formatMoney(invoice.balance)}</b>
        </Text>
        <TextInput
          label={`Amount (${currency})`}
          inputMode="decimal"
          withAsterisk
          data-autofocus
          {...field('amount')}
        />
        <Group grow>
          {/* A payment is dated 1 Jan 2000 to the school's today (the API refuses other days). */}
          <TextInput
            type="date"
            label="Paid on"
            withAsterisk
            min={CBE_PAYMENT_DATE_MIN}
            max={today}
            {...field('paid_on')}
          />
          <NativeSelect
            label="Method"
            data={CBE_PAYMENT_METHODS.map((m) => ({ value: m, label: CBE_PAYMENT_METHOD_LABELS[m] }))}
            {...field('method')}
          />
        </Group>
        <TextInput label="Reference" placeholder="M-Pesa code, slip number" {...field('reference')} />
        <Actions busy={isSubmitting} label="Record payment" onCancel={onDone} />
      </Stack>
    </form>
  );
};

/** A student's statement: invoices and payments in date order with the running balance. */
export const StatementView = ({ studentId, own = false }: { studentId: string; own?: boolean }) => {
  const currency = useSchoolCurrency();
  const statement = useCbeGet<CbeStatement>(`${own ? 'children' : 'students'}/${studentId}/statement`);
  return (
    <QueryState query={statement} errorTitle="The statement could not be loaded">
      {(data) => (
        <Stack gap="xs">
          <Text fw={600}>
            <StudentWithNumber name={data.student.name} admissionNo={data.student.admission_no} />
          </Text>
          {data.lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invoices or payments yet.
            </Text>
          ) : (
            // Its own sideways scroll: a phone's dialog cut the Balance column off.
            <ScrollFrame label="Statement">
              <Table aria-label="Statement" verticalSpacing={4} miw={480}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">{headed('Charged', currency)}</Table.Th>
                    <Table.Th ta="right">{headed('Paid', currency)}</Table.Th>
                    <Table.Th ta="right">{headed('Balance', currency)}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.lines.map((line, index) => (
                    // The lines have no id: a statement is a computed list, in a fixed order.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the order is the statement's
                    <Table.Tr key={index}>
                      {/* One line: '2026-' / '10-31' on a phone. */}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.date}</Table.Td>
                      <Table.Td>{line.description}</Table.Td>
                      <Table.Td ta="right">{line.kind === 'invoice' ? formatMoney(line.debit) : ''}</Table.Td>
                      <Table.Td ta="right">
                        {line.kind === 'payment' ? formatMoney(line.credit) : ''}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollFrame>
          )}
          <Text ta="right" fw={700}>
            Balance due: {currency} {formatMoney(data.balance)}
          </Text>
        </Stack>
      )}
    </QueryState>
  );
};
