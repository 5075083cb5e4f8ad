import { Alert, Anchor, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { DEFAULT_PLAN_ID, TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { Plan } from '@workhub/shared/schemas/plans';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { wrappingButtonStyles } from '../../../components/wrapping-button.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { logout } from '../../../lib/logout.ts';
import { notify } from '../../../lib/notify.tsx';
import { patchUser } from '../../../lib/session-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useChoosePlan } from '../api/choose-plan.ts';
import { PlanGrid } from '../components/plan-grid.tsx';
import { isPlanAvailable } from '../plan-rules.ts';

/**
 * The plan chosen before signing up: the one the sign-up attempt carried onto the account (the
 * session's subscription), else `?id=` of this page; null for the default plan (nothing chosen).
 */
const useChosenPlanId = (): number | null => {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const fromAccount = session.status === 'signed_in' ? session.user.subscription?.plan_id : undefined;
  const fromLink = Number(searchParams.get('id'));
  const chosen = fromAccount && fromAccount !== DEFAULT_PLAN_ID ? fromAccount : fromLink;
  return Number.isInteger(chosen) && chosen > DEFAULT_PLAN_ID ? chosen : null;
};

const ChoosePlan = () => {
  const navigate = useNavigate();
  const chosenPlanId = useChosenPlanId();
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
        highlighted={(plan) => plan.subscription_id === chosenPlanId}
        action={(plan) => (
          <Button
            fullWidth
            variant={chosenPlanId === null || plan.subscription_id === chosenPlanId ? 'filled' : 'light'}
            onClick={() => onChoose(plan)}
            loading={choosing === plan.subscription_id}
            disabled={!isPlanAvailable(plan) || (choosing !== null && choosing !== plan.subscription_id)}
            styles={wrappingButtonStyles}
          >
            {plan.subscription_id === chosenPlanId ? `Continue with ${plan.title}` : `Choose ${plan.title}`}
          </Button>
        )}
      />
    </>
  );
};

/**
 * /subscription_type: after verifying the e-mail, the account holder picks a plan. A holder who
 * picked one already (opening the page again during the trial) is told they change it, and has a
 * way back to their workspaces.
 */
export const SubscriptionTypePage = () => {
  useDocumentTitle('Choose your plan');
  const session = useSession();
  const changing = session.status === 'signed_in' && session.user.plan_chosen === true;
  return (
    <QueryProvider>
      <Box bg="gray.0" mih="100vh">
        <Container size="lg" py="md">
          <Group justify="space-between">
            <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
              WorkHub
            </Anchor>
            <Group gap="xs">
              {changing ? (
                <Button variant="subtle" component={Link} to="/workspace">
                  My workspaces
                </Button>
              ) : null}
              <Button variant="subtle" onClick={() => void logout()}>
                Logout
              </Button>
            </Group>
          </Group>
        </Container>
        <Container size="lg" py="xl" component="main">
          <Title order={1} mb="xs">
            Choose your plan
          </Title>
          <Text c="dimmed" mb="xl">
            {changing
              ? 'Change the plan of your free trial. Your workspaces and everything in them stay as they are.'
              : `Your e-mail is verified. Pick the plan that suits you; it starts with a free ${TRIAL_DAYS}-day trial and you can change it later.`}
          </Text>
          <ChoosePlan />
        </Container>
      </Box>
    </QueryProvider>
  );
};
