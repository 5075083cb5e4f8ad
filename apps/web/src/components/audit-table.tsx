import { Code, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@workhub/shared/schemas/audit';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/labels.ts';
import { DataTable } from './data-table.tsx';
import type { ListPagination } from './list-pagination.tsx';

/** As every other moment of the app ('1 Dec 2026, 06:36'), not the browser's own locale's. */
const when = formatDateTime;

/** An instant as the server writes it ('2026-12-07T03:44:41.841Z'). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? INSTANT.test(value)
        ? when(value)
        : value
      : JSON.stringify(value);

/**
 * 'role: member → admin' for each value the change touched (what was added or removed, alone); a
 * field's name with spaces ('expires at'), an instant in the reader's time as the When column.
 */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    const name = key.replaceAll('_', ' ');
    const was = shown(before[key]);
    const is = shown(after[key]);
    if (!(key in after)) return [`${name}: ${was}`];
    if (!(key in before)) return [`${name}: ${is}`];
    return was === is ? [] : [`${name}: ${was} → ${is}`];
  });
}

type AuditTableProps = {
  entries: AuditEntry[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  pagination?: Parameters<typeof ListPagination>[0];
  /** The platform's log names the account of each row. */
  withAccount?: boolean;
};

/** The audit log, newest first as the server sorts it: when, who, what, which record, the change, IP. */
export const AuditTable = ({ entries, withAccount = false, ...states }: AuditTableProps) => (
  <DataTable
    label={messages.auditTitle}
    minWidth={900}
    rows={entries}
    rowKey={(entry) => entry.id}
    errorTitle={messages.auditLoadFailed}
    {...states}
    columns={[
      {
        key: 'when',
        header: messages.auditWhenColumn,
        cell: (entry) => (
          <Text size="sm" component="time" dateTime={entry.created_at}>
            {when(entry.created_at)}
          </Text>
        ),
      },
      withAccount && {
        key: 'account',
        header: messages.auditAccountColumn,
        cell: (entry) => <Code>{entry.account_id ?? messages.auditPlatformAccount}</Code>,
      },
      {
        key: 'actor',
        header: messages.auditActorColumn,
        cell: (entry) => <Text size="sm">{entry.actor_email ?? '—'}</Text>,
      },
      {
        key: 'action',
        header: messages.auditActionLabel,
        cell: (entry) => (
          <Text size="sm" fw={600}>
            {AUDIT_ACTION_LABELS[entry.action]}
          </Text>
        ),
      },
      {
        key: 'record',
        header: messages.auditRecordColumn,
        cell: (entry) =>
          entry.entity_type ? (
            <Text size="sm">
              {entry.entity_type.replaceAll('_', ' ')} <Code>{entry.entity_id?.slice(0, 8) ?? ''}</Code>
            </Text>
          ) : (
            '—'
          ),
      },
      {
        key: 'change',
        header: messages.auditChangeColumn,
        cell: (entry) => (
          <Stack gap={0}>
            {changeLines(entry).map((line) => (
              <Text key={line} size="xs" c="dimmed">
                {line}
              </Text>
            ))}
          </Stack>
        ),
      },
      {
        key: 'ip',
        header: messages.auditIpColumn,
        cell: (entry) => <Text size="sm">{entry.ip ?? '—'}</Text>,
      },
    ]}
  />
);
