import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { SessionSubscription } from '@workhub/shared/schemas/billing';
import { Link } from 'react-router';

/** The in-app plan chooser (/user/billing opens it): the holder never leaves for /pricing. */
export const CHOOSE_PLAN_PATH = '/user/billing?plans=1';

type ReadOnlyAlertProps = {
  subscription: Pick<SessionSubscription, 'current_period_end'>;
  /** Only the owner can buy a plan: the others see the reason without the button. */
  canUpgrade: boolean;
};

/** Why the account is read-only (the trial, or the paid period, ended) and the way out. */
export const ReadOnlyAlert = ({ subscription, canUpgrade }: ReadOnlyAlertProps) => (
  <Alert color="orange" variant="light" role="alert" title="Read-only">
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" style={{ flex: 1, minWidth: 240 }}>
        {subscription.current_period_end ? messages.readOnlyPaidPeriodEnded : messages.readOnlyAccount}
      </Text>
      {canUpgrade ? (
        <Button component={Link} to={CHOOSE_PLAN_PATH} size="xs" color="orange">
          {messages.upgrade}
        </Button>
      ) : null}
    </Group>
  </Alert>
);
