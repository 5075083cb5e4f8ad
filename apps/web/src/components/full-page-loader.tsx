import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';

/** Shown while the session is restored on page load (spec section 2) and while a page's code loads. */
export const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-live="polite">
    <Stack align="center" gap="xs">
      <Loader aria-hidden />
      <Text c="dimmed" size="sm">
        {messages.loading}
      </Text>
    </Stack>
  </Center>
);
