import { Button, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /signin: where the other tabs land when one tab logs out (spec section 2). */
export const SignedOutPage = () => {
  useDocumentTitle('Signed out');
  return (
    <AuthLayout title={messages.signedOut}>
      <Text size="sm" c="dimmed">
        You signed out in another tab or window, so this one is signed out too.
      </Text>
      <Button component={Link} to="/auth/login" fullWidth>
        Sign in
      </Button>
    </AuthLayout>
  );
};
