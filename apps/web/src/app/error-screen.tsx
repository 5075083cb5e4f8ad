import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type ErrorScreenProps = { error?: unknown };

/** What a crashed page shows (spec section 8: 'Unexpected Application Error!'). */
export const ErrorScreen = ({ error }: ErrorScreenProps) => {
  useDocumentTitle(messages.fallbackScreen);
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} role="alert">
        <Title order={1} ta="center">
          {messages.fallbackScreen}
        </Title>
        {detail ? (
          <Text c="dimmed" ta="center">
            {detail}
          </Text>
        ) : null}
        <Group>
          {/* A full page load: whatever broke (a stale chunk after a deploy, say) starts afresh. */}
          <Button component="a" href="/">
            Back to home page
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Group>
      </Stack>
    </Center>
  );
};
