import { cloneElement, type ReactElement, useId } from 'react';
import classes from './hint.module.css';

type HintProps = {
  label: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
};

/**
 * A small tooltip shown on hover and keyboard focus, in CSS only. Mantine's Tooltip brings
 * floating-ui (~15 KB gzip), too much for the sign-in route's budget.
 */
export const Hint = ({ label, children }: HintProps) => {
  const id = useId();
  return (
    <span className={classes.wrap}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className={classes.tip}>
        {label}
      </span>
    </span>
  );
};
