import { Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import classes from './scroll-frame.module.css';

const firstChild = (scroller: HTMLDivElement) => scroller.firstElementChild;

/**
 * Whether the scroller (`ref`) has more to the left or right of what it shows, kept up to date as it
 * or its content (`contentOf`: the table in it) changes size; `measure` again as it scrolls.
 */
export const useOverflow = (contentOf: (scroller: HTMLDivElement) => Element | null = firstChild) => {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  // Measured first by the observer's own first report, which comes once the frame is laid out: a
  // measure here, in the commit, made the browser lay the new table out inside React's task (38 ms
  // of a list's first load at Lighthouse's 4x CPU), besides the layout the frame does anyway.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = contentOf(el);
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure, contentOf]);
  return { ref, more, measure };
};

type ScrollFrameProps = {
  /**
   * The table's name; the region's while it scrolls is this and ', scrollable': named only like the
   * table, it repeated the name of the card around it (two regions of one name, axe's
   * landmark-unique), as on the team and salon pages on a phone.
   */
  label: string;
  children: ReactNode;
};

/**
 * A table (or anything wide) that keeps to the width of its box: on a narrow screen it scrolls
 * sideways inside the frame, with a fade at the edge that has more and a line saying so (read out
 * with the region), instead of widening the page.
 */
export const ScrollFrame = ({ label, children }: ScrollFrameProps) => {
  const hintId = useId();
  const { ref, more, measure } = useOverflow();
  const overflowing = more.left || more.right;
  return (
    <>
      {/* The edge fades cover the table only, not the hint under it. */}
      <div
        className={classes.frame}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        {/*
          A named, focusable region only while it scrolls (so the keyboard can scroll it): a <section>
          would be a landmark, named like the card around it, even when there is nothing to scroll.
        */}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes only with the region role */}
        <div
          ref={ref}
          className={classes.scroller}
          onScroll={measure}
          role={overflowing ? 'region' : undefined}
          aria-label={overflowing ? `${label}, scrollable` : undefined}
          aria-describedby={overflowing ? hintId : undefined}
          tabIndex={overflowing ? 0 : undefined}
        >
          {children}
        </div>
      </div>
      {overflowing ? (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {messages.tableScrollHint}
        </Text>
      ) : null}
    </>
  );
};
