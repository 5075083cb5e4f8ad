import { ScrollArea, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type ReactNode, useId } from 'react';
import frame from '../../../components/scroll-frame.module.css';
import { useOverflow } from '../../../components/scroll-frame.tsx';

/**
 * The gradebook's scroll box: as tall as the screen allows (its header row stays above the rows
 * scrolled under it) and as wide as the page, the levels scrolling sideways under the student
 * column. Like the other wide tables (components/scroll-frame.tsx) it says so while it is wider than
 * its box: the edge fades, a visible scrollbar, the hint under it, and a named region the keyboard
 * can scroll. At 1280 px the Remarks button sat cut at the right edge with nothing telling of more.
 */
const tableIn = (viewport: HTMLDivElement) => viewport.querySelector('table');

export const GradebookFrame = ({ label, children }: { label: string; children: ReactNode }) => {
  const hintId = useId();
  // ScrollArea wraps the table in a div of its own: the table is looked for inside.
  const { ref: viewport, more, measure } = useOverflow(tableIn);
  const overflowing = more.left || more.right;
  return (
    <>
      <div
        className={frame.frame}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        <ScrollArea.Autosize
          mah="calc(100dvh - 8rem)"
          type="auto"
          offsetScrollbars="x"
          viewportRef={viewport}
          onScrollPositionChange={measure}
          viewportProps={{
            role: overflowing ? 'region' : undefined,
            'aria-label': overflowing ? `${label}, scrollable` : undefined,
            'aria-describedby': overflowing ? hintId : undefined,
            tabIndex: overflowing ? 0 : undefined,
          }}
        >
          {children}
        </ScrollArea.Autosize>
      </div>
      {overflowing ? (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {messages.tableScrollHint}
        </Text>
      ) : null}
    </>
  );
};
