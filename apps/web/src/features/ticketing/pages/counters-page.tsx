import { exportCounters, useCounters, useSaveCounter } from '../api/counters.ts';
import { CounterForm } from '../components/counter-form.tsx';
import { RecordListPage } from '../components/record-list-page.tsx';

/** /ticketing/counters: the windows or desks that call tickets; New, Edit, Deactivate (asked first). */
export const CountersPage = () => (
  <RecordListPage
    noun={['counter', 'counters']}
    description="The windows or desks that call tickets, each for some services."
    emptyDescription="Add a counter for each window or desk that calls tickets."
    deactivateNote="It leaves the board and can no longer call tickets. You can activate it again."
    minWidth={640}
    useList={useCounters}
    exportList={exportCounters}
    useSave={useSaveCounter}
    bodyWithStatus={(counter, status) => ({
      name: counter.name,
      service_ids: counter.services.map((s) => s.id),
      operator_user_id: counter.operator_user_id,
      status,
    })}
    columns={[
      {
        key: 'services',
        header: 'Services',
        cell: (c) => c.services.map((s) => `${s.prefix} · ${s.name}`).join(', '),
      },
      { key: 'operator', header: 'Operator', cell: (c) => c.operator_name ?? '—' },
    ]}
    form={(counter, onDone) => <CounterForm counter={counter} onDone={onDone} />}
  />
);
