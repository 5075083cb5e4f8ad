import { Image, type ImageProps } from '@mantine/core';
// Served from apps/web/public; the API answers it for a workspace without an uploaded logo.
import { DEFAULT_WORKSPACE_LOGO } from '@workhub/shared/constants';

type WorkspaceLogoProps = Omit<ImageProps, 'src'> & { src?: string | null; size?: number };

/**
 * A workspace's logo; decorative (the name is always written beside it), the default when missing.
 * It keeps its size beside a long name (flex none): in a row it was squeezed to a sliver.
 */
export const WorkspaceLogo = ({ src, size = 40, ...props }: WorkspaceLogoProps) => (
  <Image
    src={src || DEFAULT_WORKSPACE_LOGO}
    fallbackSrc={DEFAULT_WORKSPACE_LOGO}
    alt=""
    w={size}
    h={size}
    radius="sm"
    fit="cover"
    flex="none"
    {...props}
  />
);
