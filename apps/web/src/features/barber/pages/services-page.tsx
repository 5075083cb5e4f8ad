import { Badge, Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type BarberService, barberServiceBody } from '@workhub/shared/schemas/barber';
import { useState } from 'react';
import { EmptyList } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { headed } from '../../../lib/currency.ts';
import { issueFields } from '../../../lib/form-errors.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useMay } from '../../../lib/use-may.ts';
import { invalidateBarber } from '../api/query-keys.ts';
import { exportServices, getService, useSaveService, useServices } from '../api/services.ts';
import { money } from '../barber-format.ts';
import { useConfirmDeactivate } from '../components/confirm-deactivate.tsx';
import { ManagedList } from '../components/managed-list.tsx';

type Draft = {
  name: string;
  duration_minutes: number | string;
  price: number | string;
  category: string;
  active: boolean;
};
const EMPTY: Draft = { name: '', duration_minutes: 30, price: '', category: '', active: true };

const draftOf = (service: BarberService): Draft => ({
  name: service.name,
  duration_minutes: service.duration_minutes,
  price: service.price,
  category: service.category ?? '',
  active: service.active,
});

/** The fields an edit conflict names, as the dialog labels them. */
const SERVICE_LABELS = {
  name: 'Name',
  duration_minutes: 'Duration',
  price: 'Price',
  category: 'Category',
  active: 'Offered',
} as const;

const ServiceForm = ({ service, onClose }: { service: BarberService | null; onClose: () => void }) => {
  const save = useSaveService();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(service ? draftOf(service) : EMPTY);
  const edit = useEditVersion(
    service ?? undefined,
    (opened) => opened.updated_at,
    () => getService(service?.id ?? ''),
    // The list behind the dialog shows their version too.
    () => invalidateBarber(queryClient),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currency = useWorkspaceCurrency();
  // Asked when the save takes off the booking page a service offered as last read (theirs once loaded).
  const deactivate = useConfirmDeactivate(
    edit.base?.active ?? false,
    service?.name ?? '',
    'The service leaves the booking page and the desk’s choices; its past appointments stay.',
  );
  const send = async () => {
    const body = {
      name: draft.name,
      duration_minutes: Number(draft.duration_minutes),
      price: String(draft.price),
      category: draft.category || undefined,
      active: draft.active,
    };
    // The API's own rules, before sending: every field's problem at once, nothing changed silently.
    const parsed = barberServiceBody.safeParse(body);
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync({
        ...(service ? { id: service.id } : {}),
        body,
        version: edit.version,
      });
      notify.success(answer.message ?? 'Saved');
      onClose();
    } catch (error) {
      // Saved by someone since the dialog opened: said in the dialog, not as a toast.
      if (edit.onError(error)) return;
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(errorMessage(error));
    }
  };
  return (
    <form onSubmit={deactivate.submit(draft.active, send)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={draft.name}
          error={errors.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        {/* Side by side from a tablet up; one under the other on a phone, where half a dialog's
            width wrapped 'Duration (minutes)' and left its asterisk alone on a line. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Duration (minutes)"
            required
            min={5}
            max={600}
            step={5}
            clampBehavior="none"
            value={draft.duration_minutes}
            error={errors.duration_minutes}
            onChange={(v) => setDraft({ ...draft, duration_minutes: v })}
          />
          <NumberInput
            label={headed('Price', currency)}
            required
            min={0}
            decimalScale={2}
            clampBehavior="none"
            value={draft.price}
            error={errors.price}
            onChange={(v) => setDraft({ ...draft, price: v })}
          />
        </SimpleGrid>
        <TextInput
          label="Category"
          value={draft.category}
          error={errors.category}
          onChange={(e) => setDraft({ ...draft, category: e.currentTarget.value })}
        />
        <Switch
          label="Offered (shown on the booking page)"
          checked={draft.active}
          onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
        />
        <EditConflict edit={edit} what="service" valuesOf={draftOf} labels={SERVICE_LABELS} load={setDraft} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save service
          </Button>
        </Group>
      </Stack>
      {deactivate.dialog}
    </form>
  );
};

/** /barber/services: the services (name, duration, price, category), added and edited by managers. */
export const ServicesPage = () => {
  useDocumentTitle('Services');
  const mayManage = useMay()('barber:manage');
  const currency = useWorkspaceCurrency();
  const [q, setQ] = useState('');
  const services = useServices({ q: q || undefined });
  return (
    <ManagedList
      title="Services"
      description="What the salon offers: each with its duration and price."
      noun="service"
      mayManage={mayManage}
      query={services}
      rows={services.data?.data}
      minWidth={640}
      filters={
        <TextInput
          mb="md"
          maw={320}
          label="Search"
          placeholder="Name or category"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      }
      empty={
        <EmptyList
          title="No services yet"
          description="Add the services the salon offers: haircut, beard trim, massage..."
        />
      }
      columns={[
        { key: 'name', header: 'Name', cell: (s) => s.name, sortValue: (s) => s.name.toLowerCase() },
        { key: 'category', header: 'Category', cell: (s) => s.category ?? '—' },
        {
          key: 'duration',
          header: 'Duration',
          cell: (s) => `${s.duration_minutes} min`,
          sortValue: (s) => s.duration_minutes,
        },
        {
          key: 'price',
          header: headed('Price', currency),
          cell: (s) => money(s.price),
          sortValue: (s) => Number(s.price),
        },
        {
          key: 'active',
          header: 'Status',
          cell: (s) => (
            // Never cut short ('OFFER…' in a squeezed column): see AppointmentStatusBadge.
            <Badge color={s.active ? 'green' : 'gray'} variant="light" miw="max-content">
              {s.active ? 'Offered' : 'Hidden'}
            </Badge>
          ),
        },
      ]}
      onExport={() => exportServices({ q: q || undefined })}
      form={(service, close) => <ServiceForm service={service} onClose={close} />}
    />
  );
};
