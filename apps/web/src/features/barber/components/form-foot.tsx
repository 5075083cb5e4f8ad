import { Button, Group, Text } from '@mantine/core';

/**
 * The foot of a small form in an appointment's dialog (its services, its time): the server's
 * refusal read out where it happened, then Cancel and the form's action. Without `onSubmit` the
 * action submits the form around it.
 */
export const FormFoot = ({
  problem,
  busy,
  label,
  disabled = false,
  onCancel,
  onSubmit,
}: {
  problem: string | null;
  busy: boolean;
  label: string;
  disabled?: boolean;
  onCancel: () => void;
  onSubmit?: () => void;
}) => (
  <>
    {problem ? (
      <Text size="sm" c="red" role="alert">
        {problem}
      </Text>
    ) : null}
    <Group justify="flex-end">
      <Button variant="default" size="xs" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        size="xs"
        loading={busy}
        disabled={disabled}
        onClick={onSubmit}
      >
        {label}
      </Button>
    </Group>
  </>
);
