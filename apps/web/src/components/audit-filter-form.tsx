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
import { useFilterFold } from './filter-fold.tsx';

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
 * end not before the start), applied on 'Filter'; 'Clear' goes back to the whole log. On a phone the
 * actor's search stays and the rest fold behind "Filters" (counting those applied), unfolded while
 * one of them shows an error.
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
  const folded = (Object.keys(NO_AUDIT_FILTERS) as (keyof AuditFilterValues)[]).filter(
    (key) => key !== 'actor' && (withAccount || key !== 'account_id'),
  );
  const { phone, toggle, shown, foldProps, width } = useFilterFold(
    folded.filter((key) => value[key] !== '').length,
    { open: folded.some((key) => form.formState.errors[key]) },
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Audit log filters">
      <Group gap="sm" align="flex-start" mb="md" wrap="wrap">
        <TextInput
          label={messages.auditActorLabel}
          type="search"
          w={phone ? undefined : 220}
          style={phone ? { flex: 1 } : undefined}
          {...field('actor')}
        />
        {toggle ? <Group mt={25}>{toggle}</Group> : null}
        {shown ? (
          <Group gap="sm" align="flex-start" wrap="wrap" {...foldProps}>
            {withAccount ? (
              <TextInput label={messages.auditAccountLabel} w={width(300)} {...field('account_id')} />
            ) : null}
            <NativeSelect
              label={messages.auditActionLabel}
              data={ACTION_OPTIONS}
              w={width(220)}
              {...field('action')}
            />
            <NativeSelect
              label={messages.auditEntityTypeLabel}
              data={ENTITY_OPTIONS}
              w={width(160)}
              {...field('entity_type')}
            />
            <TextInput label={messages.auditFromLabel} type="date" w={width(160)} {...field('from')} />
            <TextInput label={messages.auditToLabel} type="date" w={width(160)} {...field('to')} />
          </Group>
        ) : null}
        <Group gap="xs" mt={phone ? 0 : 25} w={phone ? '100%' : undefined}>
          <Button type="submit">{messages.auditFilter}</Button>
          <Button variant="subtle" onClick={clear}>
            {messages.auditClearFilters}
          </Button>
        </Group>
      </Group>
    </form>
  );
};
