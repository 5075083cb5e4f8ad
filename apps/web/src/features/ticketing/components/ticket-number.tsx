import { Title, type TitleProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

type TicketNumberProps = Pick<TitleProps, 'fz'> & {
  number: string;
  /** The ids of what a screen reader reads with it: the service, the people ahead. */
  describedBy: string;
  'data-testid': string;
};

/**
 * A ticket just taken: its number, the heading of its card. The card replaces the button the
 * keyboard pressed, so the number takes the focus as it shows (the keyboard goes on from there)
 * and is read out with what describes it.
 */
export const TicketNumber = ({ number, describedBy, ...title }: TicketNumberProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title
      order={2}
      ref={heading}
      tabIndex={-1}
      aria-describedby={describedBy}
      style={{ outline: 'none' }}
      {...title}
    >
      {number}
    </Title>
  );
};
