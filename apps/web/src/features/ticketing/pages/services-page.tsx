import { Badge } from '@mantine/core';
import { exportServices, useSaveService, useServices } from '../api/services.ts';
import { RecordListPage } from '../components/record-list-page.tsx';
import { ServiceForm } from '../components/service-form.tsx';

/** /ticketing/services: the queue's services, searched and filtered; New, Edit, Deactivate (asked first). */
export const ServicesPage = () => (
  <RecordListPage
    noun={['service', 'services']}
    description="What customers queue for; each has a prefix letter and an average time."
    emptyDescription="Add the services your customers take tickets for."
    deactivateNote="The kiosk and the desk stop issuing its tickets. Tickets already waiting are still called. You can activate it again."
    minWidth={640}
    useList={useServices}
    exportList={exportServices}
    useSave={useSaveService}
    bodyWithStatus={({ name, prefix, avg_service_minutes }, status) => ({
      name,
      prefix,
      avg_service_minutes,
      status,
    })}
    lead={[{ key: 'prefix', header: 'Prefix', cell: (s) => <Badge variant="light">{s.prefix}</Badge> }]}
    columns={[
      { key: 'minutes', header: 'Average time', cell: (s) => `${s.avg_service_minutes} min` },
      { key: 'waiting', header: 'Waiting now', cell: (s) => s.waiting },
    ]}
    form={(service, onDone) => <ServiceForm service={service} onDone={onDone} />}
  />
);
