import { Alert, Button, Center, EmptyState, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../lib/api-error.ts';

/** Spec section 8: lists show 'Loading' while loading. */
export const LoadingState = () => (
  <Center py="xl" role="status" aria-live="polite">
    <Group gap="xs">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{messages.loading}</Text>
    </Group>
  </Center>
);

/** Where a page whose record is gone sends the user: its list, say. */
export type BackLink = { to: string; label: string };

type ErrorStateProps = { error: unknown; onRetry?: () => void; title?: string; back?: BackLink | undefined };

/** A failed load: the server's message and a way to try again, or (`back`) a way out. */
export const ErrorState = ({ error, onRetry, title = 'Could not load this', back }: ErrorStateProps) => (
  <Alert color="red" title={title} role="alert">
    <Text size="sm" mb={onRetry || back ? 'sm' : 0}>
      {errorMessage(error)}
    </Text>
    {onRetry || back ? (
      <Group gap="xs">
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {back ? (
          <Button size="xs" variant="default" component={Link} to={back.to}>
            {back.label}
          </Button>
        ) : null}
      </Group>
    ) : null}
  </Alert>
);

type EmptyListProps = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The whole page (nothing above it names the page): the title is its level-one heading. */
  page?: boolean;
};

/** Nothing to show yet, with what to do about it. */
export const EmptyList = ({ title, description, children, page = false }: EmptyListProps) => (
  <EmptyState py="xl">
    <EmptyState.Title order={page ? 1 : undefined}>{title}</EmptyState.Title>
    {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
    {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
  </EmptyState>
);

/**
 * False until the render after the one that brought a query's first answer: the answer arrives as
 * a store update, which React renders at once, in one task; a component that shows its loading
 * state while this is false renders its data in a deferred render instead, which React cuts into
 * slices with the browser let in between (Total Blocking Time, docs/performance.md "Fifth pass").
 * Later answers (another page, a filter) render at once as before: it stays true.
 */
export const useFirstAnswerDeferred = (query: Pick<UseQueryResult, 'isPending'>): boolean =>
  useDeferredValue(!query.isPending);

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** The error's heading: what could not be loaded. */
  errorTitle: string;
  /** A record's page: where to go when it cannot be loaded (gone, or never there). */
  back?: BackLink;
  children: (data: T) => ReactNode;
};

/**
 * Whether asking again could answer otherwise: not after a refusal that stays (a 4xx: not found,
 * not allowed, a plan that cannot be bought), but after a failure (a 5xx, no network) or a 408 or
 * 429, which pass.
 */
const mayRetry = (error: unknown) =>
  !(
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![408, 429].includes(error.status)
  );

/**
 * A query's three states: 'Loading', its error with 'Try again' (not for a refusal that stays:
 * asking again finds nothing more), or what the page makes of its data.
 */
export const QueryState = <T,>({ query, errorTitle, back, children }: QueryStateProps<T>) => {
  const ready = useFirstAnswerDeferred(query);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={mayRetry(query.error) ? () => void query.refetch() : undefined}
        back={back}
      />
    );
  }
  if (!ready) return <LoadingState />;
  return children(query.data);
};
