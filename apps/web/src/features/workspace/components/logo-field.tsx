import { FileInput, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { WorkspaceLogo } from '../../../components/workspace-logo.tsx';
import { LOGO_TYPES } from '../logo-rules.ts';

type LogoFieldProps = {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The logo the workspace has now (edit), shown until another file is chosen. */
  currentLogo?: string | null;
  error?: string | null;
  disabled?: boolean;
};

/** The Logo input with a preview of the chosen file (or the current / default logo). */
export const LogoField = ({ value, onChange, currentLogo, error, disabled }: LogoFieldProps) => {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    // A data: URL, not an object URL: the app's Content-Security-Policy allows `img-src 'self' data:`.
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(value);
    return () => reader.abort();
  }, [value]);

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={4} align="center">
        <WorkspaceLogo src={preview ?? currentLogo} size={72} data-testid="logo-preview" />
        <Text size="xs" c="dimmed">
          Preview
        </Text>
      </Stack>
      <FileInput
        label="Logo"
        description="PNG, JPEG, WebP or GIF, at most 1 MB. Without one, the default logo is used."
        placeholder="Choose an image"
        accept={LOGO_TYPES.join(',')}
        clearable
        value={value}
        onChange={onChange}
        error={error}
        disabled={disabled}
        style={{ flex: 1 }}
      />
    </Group>
  );
};
