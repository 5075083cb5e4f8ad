import { useEffect, useState } from 'react';
import { secondsLeft } from '../countdown.ts';

/** Seconds left until `availableAtMs`, ticking once a second while above zero. */
export const useCountdown = (availableAtMs: number): number => {
  const [left, setLeft] = useState(() => secondsLeft(availableAtMs));
  useEffect(() => {
    setLeft(secondsLeft(availableAtMs));
    const timer = setInterval(() => {
      const next = secondsLeft(availableAtMs);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [availableAtMs]);
  return left;
};
