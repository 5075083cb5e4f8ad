import { Button, Code } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { EmptyList } from '../components/data-states.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * A signed-in path that names no page (a mistyped or outdated link): said in the shell, with the
 * way back, where it used to send the user to the workspace picker without a word.
 */
export const NotFoundPage = () => {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <EmptyList
      page
      title="Page not found"
      description={
        <>
          There is no page at <Code>{pathname}</Code>. The link may be mistyped, or the page may have moved.
        </>
      }
    >
      <Button component={Link} to="/workspace">
        Your workspaces
      </Button>
    </EmptyList>
  );
};
