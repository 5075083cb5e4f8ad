import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';

/** /profile: open to everyone; the signed-in user sees who they are, a visitor is asked to sign in. */
export const ProfilePage = () => {
  useDocumentTitle('Profile');
  const session = useSession();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Profile
      </Title>
      {session.status === 'signed_in' ? (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Name
            </Text>
            <Text fw={600} data-testid="profile-name">
              {session.user.first_name} {session.user.last_name}
            </Text>
            <Text size="sm" c="dimmed">
              Email
            </Text>
            <Text fw={600} data-testid="profile-email">
              {session.user.email}
            </Text>
            <Group mt="md">
              <Button component={Link} to="/workspace">
                Go to my workspaces
              </Button>
              <Button component={Link} to="/general" variant="default">
                Edit my account
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text>You are not signed in. Sign in to see your profile.</Text>
            <Group>
              <Button component={Link} to="/auth/login">
                Sign in
              </Button>
              <Button component={Link} to="/auth/register" variant="default">
                Create new account
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Container>
  );
};
