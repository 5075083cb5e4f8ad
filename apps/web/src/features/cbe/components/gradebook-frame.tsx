import { ScrollArea, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import frame from '../../../components/scroll-frame.module.css';

/**
 * The gradebook's scroll box: as tall as the screen allows (its header row stays above the rows
 * scrolled under it) and as wide as the page, the levels scrolling sideways under the student
 * column. Like the other wide tables (components/scroll-frame.tsx) it says so while it is wider than
 * its box: the edge fades, a visible scrollbar, the hint under it, and a named region the keyboard
 * can scroll. At 1280 px the Remarks button sat cut at the right edge with nothing telling of more.
 */
export const GradebookFrame = ({ label, children }: { label: string; children: ReactNode }) => {
  const hintId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = el.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);
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
