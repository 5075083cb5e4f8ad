import { EmptyState } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type UpcomingPageProps = { title: string; purpose: string };

/** A protected page whose issue is still to come: real header, honest empty state. */
export const UpcomingPage = ({ title, purpose }: UpcomingPageProps) => {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={purpose} />
      <EmptyState
        title="This area is not available yet"
        description="It is being built next. Everything else in your account works already."
        py="xl"
      />
    </>
  );
};
