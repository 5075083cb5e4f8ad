import { Badge, Button, Group, Modal, Paper, Tabs, Text } from '@mantine/core';
import { CBE_PAYMENT_METHOD_LABELS } from '@workhub/shared/schemas/cbe';
import { type ReactNode, useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { NoMatch } from '../../../components/list-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { headed } from '../../../lib/currency.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useTabParam } from '../../../lib/use-tab-param.ts';
import { exportCbe, useCbeChoices, useCbeList } from '../api/cbe-query.ts';
import type {
  CbeArrear,
  CbeClass,
  CbeFeeStructure,
  CbeGrade,
  CbeInvoice,
  CbePayment,
  CbeTerm,
} from '../api/types.ts';
import { formatMoney, useSchoolCurrency } from '../cbe-money.ts';
import { CbeFilterBar, useCbeFilters } from '../components/cbe-filters.tsx';
import { classLabel } from '../components/class-picker.tsx';
import { DeleteRecordButton } from '../components/delete-record-button.tsx';
import {
  FeeStructureForm,
  GenerateInvoicesForm,
  PaymentForm,
  StatementView,
} from '../components/fee-forms.tsx';
import { StudentWithNumber } from '../components/student-with-number.tsx';

type Dialog = { title: string; body: ReactNode; size?: string } | null;
type TabProps = { open: (d: Dialog) => void; mayManage: boolean };
const money = (value: string) => (
  <Text size="sm" ta="right">
    {formatMoney(value)}
  </Text>
);

const InvoicesTab = ({ open, mayManage }: TabProps) => {
  const currency = useSchoolCurrency();
  const filters = useCbeFilters(['term_id', 'class_id', 'unpaid']);
  const classes = useCbeChoices<CbeClass>('classes');
  const terms = useCbeChoices<CbeTerm>('terms');
  const invoices = useCbeList<CbeInvoice>('invoices', { ...filters.query, page: filters.page });
  const close = () => open(null);
  return (
    <>
      <CbeFilterBar
        state={filters}
        searchLabel="Search by student"
        selects={[
          {
            key: 'term_id',
            label: 'Term',
            any: 'All terms',
            options: (terms.data ?? []).map((t) => ({ value: t.id, label: `${t.year_name} · ${t.name}` })),
          },
          {
            key: 'class_id',
            label: 'Class',
            any: 'All classes',
            options: (classes.data ?? []).map((c) => ({ value: c.id, label: classLabel(c) })),
          },
          {
            key: 'unpaid',
            label: 'Balance',
            any: 'Any balance',
            options: [
              { value: 'true', label: 'Owing' },
              { value: 'false', label: 'Paid up' },
            ],
          },
        ]}
      >
        <ExportCsvButton onExport={() => exportCbe('invoices', filters.query)} />
        {mayManage && classes.data?.length && terms.data?.length ? (
          <Button
            onClick={() =>
              open({
                title: 'Issue invoices for a class',
                body: (
                  <GenerateInvoicesForm
                    classes={classes.data ?? []}
                    terms={terms.data ?? []}
                    onDone={close}
                  />
                ),
              })
            }
          >
            Issue invoices
          </Button>
        ) : null}
      </CbeFilterBar>
      <DataTable
        label="Invoices"
        minWidth={760}
        rows={invoices.data?.data}
        loading={invoices.isPending}
        error={invoices.error}
        errorTitle="The invoices could not be loaded"
        onRetry={() => void invoices.refetch()}
        rowKey={(i) => i.id}
        empty={
          filters.active ? (
            <NoMatch noun="invoice" onClear={filters.clear} />
          ) : (
            <EmptyList
              title="No invoices yet"
              description="Set a fee structure, then issue a class's invoices."
            />
          )
        }
        pagination={
          invoices.data
            ? {
                meta: invoices.data.meta,
                page: filters.page,
                onChange: filters.setPage,
                noun: ['invoice', 'invoices'],
              }
            : undefined
        }
        columns={[
          {
            key: 'student',
            header: 'Student',
            cell: (i) => <StudentWithNumber name={i.student_name} admissionNo={i.admission_no} />,
          },
          { key: 'term', header: 'Term', cell: (i) => i.term_name },
          { key: 'issued', header: 'Issued', nowrap: true, cell: (i) => i.issued_on },
          { key: 'amount', header: headed('Amount', currency), cell: (i) => money(i.amount) },
          { key: 'paid', header: headed('Paid', currency), cell: (i) => money(i.paid) },
          { key: 'balance', header: headed('Balance', currency), cell: (i) => money(i.balance) },
          {
            key: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (i) => (
              <>
                {mayManage && Number(i.balance) > 0 ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() =>
                      open({ title: 'Record a payment', body: <PaymentForm invoice={i} onDone={close} /> })
                    }
                  >
                    Record payment
                  </Button>
                ) : null}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    open({ title: 'Statement', size: 'lg', body: <StatementView studentId={i.student_id} /> })
                  }
                >
                  Statement
                </Button>
              </>
            ),
          },
        ]}
      />
    </>
  );
};

const StructuresTab = ({ open, mayManage }: TabProps) => {
  const currency = useSchoolCurrency();
  const grades = useCbeChoices<CbeGrade>('grades');
  const terms = useCbeChoices<CbeTerm>('terms');
  const filters = useCbeFilters(['term_id']);
  const structures = useCbeList<CbeFeeStructure>('fee-structures', { ...filters.query, page: filters.page });
  const close = () => open(null);
  const edit = (structure?: CbeFeeStructure) =>
    open({
      title: structure ? 'Edit fee structure' : 'New fee structure',
      body: (
        <FeeStructureForm
          structure={structure}
          grades={grades.data ?? []}
          terms={terms.data ?? []}
          onDone={close}
        />
      ),
    });
  return (
    <>
      <CbeFilterBar
        state={filters}
        searchLabel="Search by grade"
        selects={[
          {
            key: 'term_id',
            label: 'Term',
            any: 'All terms',
            options: (terms.data ?? []).map((t) => ({ value: t.id, label: `${t.year_name} · ${t.name}` })),
          },
        ]}
      >
        <ExportCsvButton onExport={() => exportCbe('fee-structures', filters.query)} />
        {mayManage && grades.data?.length && terms.data?.length ? (
          <Button onClick={() => edit()}>+ Fee structure</Button>
        ) : null}
      </CbeFilterBar>
      <DataTable
        label="Fee structures"
        minWidth={560}
        rows={structures.data?.data}
        loading={structures.isPending}
        error={structures.error}
        onRetry={() => void structures.refetch()}
        rowKey={(s) => s.id}
        empty={
          filters.active ? (
            <NoMatch noun="fee structure" onClear={filters.clear} />
          ) : (
            <EmptyList title="No fee structures yet" description="A fee per grade and term." />
          )
        }
        pagination={
          structures.data
            ? {
                meta: structures.data.meta,
                page: filters.page,
                onChange: filters.setPage,
                noun: ['fee structure', 'fee structures'],
              }
            : undefined
        }
        columns={[
          { key: 'grade', header: 'Grade', cell: (s) => s.grade_name },
          { key: 'term', header: 'Term', cell: (s) => s.term_name },
          { key: 'amount', header: headed('Amount', currency), cell: (s) => money(s.amount) },
          {
            key: 'description',
            header: 'Description',
            cell: (s) => (
              <Group gap={6}>
                <span>{s.description ?? '—'}</span>
                {s.in_use ? (
                  <Badge size="sm" variant="light" color="gray">
                    Invoiced
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          mayManage && {
            key: 'edit',
            header: 'Actions',
            hideHeader: true,
            cell: (s) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => edit(s)}>
                  Edit
                </Button>
                <DeleteRecordButton
                  path="fee-structures"
                  id={s.id}
                  name={`the ${s.grade_name} fee for ${s.term_name}`}
                />
              </Group>
            ),
          },
        ]}
      />
    </>
  );
};

const PaymentsTab = () => {
  const currency = useSchoolCurrency();
  const filters = useCbeFilters([]);
  const payments = useCbeList<CbePayment>('payments', { ...filters.query, page: filters.page });
  return (
    <>
      <CbeFilterBar state={filters} searchLabel="Search by student" selects={[]}>
        <ExportCsvButton onExport={() => exportCbe('payments', filters.query)} />
      </CbeFilterBar>
      <DataTable
        label="Payments"
        minWidth={560}
        rows={payments.data?.data}
        loading={payments.isPending}
        error={payments.error}
        onRetry={() => void payments.refetch()}
        rowKey={(p) => p.id}
        empty={
          filters.active ? (
            <NoMatch noun="payment" onClear={filters.clear} />
          ) : (
            <EmptyList title="No payments yet" description="Record a payment from an invoice." />
          )
        }
        pagination={
          payments.data
            ? {
                meta: payments.data.meta,
                page: filters.page,
                onChange: filters.setPage,
                noun: ['payment', 'payments'],
              }
            : undefined
        }
        columns={[
          { key: 'date', header: 'Paid on', nowrap: true, cell: (p) => p.paid_on },
          { key: 'student', header: 'Student', cell: (p) => p.student_name },
          { key: 'amount', header: headed('Amount', currency), cell: (p) => money(p.amount) },
          { key: 'method', header: 'Method', cell: (p) => CBE_PAYMENT_METHOD_LABELS[p.method] },
          { key: 'reference', header: 'Reference', cell: (p) => p.reference ?? '—' },
        ]}
      />
    </>
  );
};

const ArrearsTab = ({ open }: TabProps) => {
  const currency = useSchoolCurrency();
  const filters = useCbeFilters(['class_id']);
  const classes = useCbeChoices<CbeClass>('classes');
  const arrears = useCbeList<CbeArrear>('arrears', { ...filters.query, page: filters.page });
  return (
    <>
      <CbeFilterBar
        state={filters}
        searchLabel="Search by student"
        selects={[
          {
            key: 'class_id',
            label: 'Class',
            any: 'All classes',
            options: (classes.data ?? []).map((c) => ({ value: c.id, label: classLabel(c) })),
          },
        ]}
      >
        <ExportCsvButton onExport={() => exportCbe('arrears', filters.query)} />
      </CbeFilterBar>
      <DataTable
        label="Arrears"
        minWidth={620}
        rows={arrears.data?.data}
        loading={arrears.isPending}
        error={arrears.error}
        onRetry={() => void arrears.refetch()}
        rowKey={(a) => a.student_id}
        empty={
          filters.active ? (
            <NoMatch noun="student" onClear={filters.clear} />
          ) : (
            <EmptyList title="No arrears" description="Every invoiced student has paid in full." />
          )
        }
        pagination={
          arrears.data
            ? {
                meta: arrears.data.meta,
                page: filters.page,
                onChange: filters.setPage,
                noun: ['student', 'students'],
              }
            : undefined
        }
        columns={[
          {
            key: 'student',
            header: 'Student',
            cell: (a) => <StudentWithNumber name={a.name} admissionNo={a.admission_no} />,
          },
          { key: 'class', header: 'Class', cell: (a) => a.class_name },
          { key: 'invoiced', header: 'Invoiced', cell: (a) => money(a.invoiced) },
          { key: 'paid', header: headed('Paid', currency), cell: (a) => money(a.paid) },
          { key: 'balance', header: headed('Balance', currency), cell: (a) => money(a.balance) },
          {
            key: 'statement',
            header: 'Statement',
            hideHeader: true,
            cell: (a) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() =>
                  open({ title: 'Statement', size: 'lg', body: <StatementView studentId={a.student_id} /> })
                }
              >
                Statement
              </Button>
            ),
          },
        ]}
      />
    </>
  );
};

/** /cbe/fees: invoices (issue per class and term, record payments, statements), fee structures, payments, arrears. */
/** The page's tabs, in their order: the one shown is in the address (`?tab=`). */
const FEES_TABS = ['invoices', 'structures', 'payments', 'arrears'] as const;

export const FeesPage = () => {
  useDocumentTitle('Fees');
  const mayManage = useMay()('cbe:manage');
  const [tab, setTab] = useTabParam(FEES_TABS);
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <PageHeader title="Fees" description="Fee structures, invoices, payments, statements and arrears." />
      <Paper withBorder p="md" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
            <Tabs.Tab value="structures">Fee structures</Tabs.Tab>
            <Tabs.Tab value="payments">Payments</Tabs.Tab>
            <Tabs.Tab value="arrears">Arrears</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="invoices">
            <InvoicesTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="structures">
            <StructuresTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
          <Tabs.Panel value="payments">
            <PaymentsTab />
          </Tabs.Panel>
          <Tabs.Panel value="arrears">
            <ArrearsTab open={setDialog} mayManage={mayManage} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.title}
        size={dialog?.size}
        centered
      >
        {dialog?.body}
      </Modal>
    </>
  );
};
