import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditFilterForm as AuditFilterValues,
  auditFilterForm,
} from '@workhub/shared/schemas/audit';
import { useState } from 'react';
import { useSchemaForm } from '../lib/use-schema-form.ts';

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  account_id: '',
  action: '',
  actor: '',
  entity_type: '',
  from: '',
  to: '',
};

const ACTION_OPTIONS = [
  { value: '', label: messages.auditAnyOption },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];
const ENTITY_OPTIONS = [
  { value: '', label: messages.auditAnyOption },
  ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: type.replace('_', ' ') })),
];

/** The filters a log page applies and its page: a new filter starts again at page 1. */
export const useAuditFilters = () => {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const apply = (next: AuditFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const filtered = Object.values(filters).some((value) => value !== '');
  return { filters, apply, page, setPage, filtered };
};

type AuditFilterFormProps = {
  /** The filters applied now: the form starts from them. */
  value: AuditFilterValues;
  onApply: (filters: AuditFilterValues) => void;
  /** The platform's log filters by account too. */
  withAccount?: boolean;
};

/**
 * The audit log's filters (the shared schema checks them as the API does: a date that exists, the
 * end not before the start), applied on 'Filter'; 'Clear' goes back to the whole log.
 */
export const AuditFilterForm = ({ value, onApply, withAccount = false }: AuditFilterFormProps) => {
  const { form, field, submit } = useSchemaForm(auditFilterForm, {
    defaultValues: value,
    onSubmit: async (filters) => onApply(filters),
  });
  const clear = () => {
    form.reset(NO_AUDIT_FILTERS);
    onApply(NO_AUDIT_FILTERS);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Audit log filters">
      <Group gap="sm" align="flex-start" mb="md" wrap="wrap">
        {withAccount ? (
          <TextInput label={messages.auditAccountLabel} w={300} {...field('account_id')} />
        ) : null}
        <NativeSelect label={messages.auditActionLabel} data={ACTION_OPTIONS} w={220} {...field('action')} />
        <TextInput label={messages.auditActorLabel} type="search" w={220} {...field('actor')} />
        <NativeSelect
          label={messages.auditEntityTypeLabel}
          data={ENTITY_OPTIONS}
          w={160}
          {...field('entity_type')}
        />
        <TextInput label={messages.auditFromLabel} type="date" w={160} {...field('from')} />
        <TextInput label={messages.auditToLabel} type="date" w={160} {...field('to')} />
        <Group gap="xs" mt={25}>
          <Button type="submit">{messages.auditFilter}</Button>
          <Button variant="subtle" onClick={clear}>
            {messages.auditClearFilters}
          </Button>
        </Group>
      </Group>
    </form>
  );
};
