import { Group, Text } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { WorkspaceLogo } from './workspace-logo.tsx';

describe('WorkspaceLogo', () => {
  it('keeps its size beside a long name: it does not shrink in a row', () => {
    renderPage(
      <Group wrap="nowrap" w={200}>
        <WorkspaceLogo src={null} size={48} data-testid="logo" />
        <Text>Acme HQ, a very long workspace name to check wrapping in tables and cards</Text>
      </Group>,
    );
    const logo = screen.getByTestId('logo');
    expect(logo.style.flex).toMatch(/^(none|0 0 auto)$/);
    expect(logo.style.width).toBe('calc(3rem * var(--mantine-scale))');
  });
});
