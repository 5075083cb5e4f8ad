import { Alert, Anchor, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { logout } from '../../../lib/logout.ts';
import { notify } from '../../../lib/notify.tsx';
import { patchUser } from '../../../lib/session-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useChoosePlan } from '../api/choose-plan.ts';
import { PlanGrid } from '../components/plan-grid.tsx';
import { isPlanAvailable } from '../plan-rules.ts';

const ChoosePlan = () => {
  const navigate = useNavigate();
  const choose = useChoosePlan();
  const [choosing, setChoosing] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onChoose = async (plan: Plan) => {
    setChoosing(plan.subscription_id);
    setFailure(null);
    try {
      const answer = await choose.mutateAsync({ subscription_id: plan.subscription_id });
      patchUser({ plan_chosen: answer.data.plan_chosen });
      notify.success(answer.message || messages.planPicked);
      navigate('/workspace', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      notify.error(errorMessage(error));
    } finally {
      setChoosing(null);
    }
  };

  return (
    <>
      {failure ? (
        <Alert color="red" title="Your plan was not saved" mb="lg" role="alert">
          {failure}
        </Alert>
      ) : null}
      <PlanGrid
        action={(plan) => (
          <Button
            fullWidth
            onClick={() => onChoose(plan)}
            loading={choosing === plan.subscription_id}
            disabled={!isPlanAvailable(plan) || (choosing !== null && choosing !== plan.subscription_id)}
          >
            Choose {plan.title}
          </Button>
        )}
      />
    </>
  );
};

/** /subscription_type: after verifying the e-mail, the account holder picks a plan. */
export const SubscriptionTypePage = () => {
  useDocumentTitle('Choose your plan');
  return (
    <QueryProvider>
      <Box bg="gray.0" mih="100vh">
        <Container size="lg" py="md">
          <Group justify="space-between">
            <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
              WorkHub
            </Anchor>
            <Button variant="subtle" onClick={() => void logout()}>
              Logout
            </Button>
          </Group>
        </Container>
        <Container size="lg" py="xl" component="main">
          <Title order={1} mb="xs">
            Choose your plan
          </Title>
          <Text c="dimmed" mb="xl">
            Your e-mail is verified. Pick the plan that suits you; it starts with a free {TRIAL_DAYS}-day
            trial and you can change it later.
          </Text>
          <ChoosePlan />
        </Container>
      </Box>
    </QueryProvider>
  );
};
