import { Alert, Anchor, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { Link } from 'react-router';

/** Spec section 8: the code screens without an e-mail in the URL or in sessionStorage. */
export const MissingEmail = ({ startOver }: { startOver: { to: string; label: string } }) => (
  <Alert color="red" title={messages.emailMissingInSession} role="alert">
    <Text size="sm">
      We do not know which address the code was sent to.{' '}
      <Anchor component={Link} to={startOver.to}>
        {startOver.label}
      </Anchor>
    </Text>
  </Alert>
);
