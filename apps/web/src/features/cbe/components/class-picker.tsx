import { NativeSelect } from '@mantine/core';
import type { CbeClass, CbeTerm } from '../api/types.ts';

export const classLabel = (c: CbeClass) => `${c.grade_name} ${c.name}`;

export const ClassSelect = ({
  classes,
  value,
  onChange,
}: {
  classes: CbeClass[];
  value: string;
  onChange: (id: string) => void;
}) => (
  <NativeSelect
    label="Class"
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    data={classes.map((c) => ({ value: c.id, label: classLabel(c) }))}
  />
);

export const TermSelect = ({
  terms,
  value,
  onChange,
}: {
  terms: CbeTerm[];
  value: string;
  onChange: (id: string) => void;
}) => (
  <NativeSelect
    label="Term"
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    data={terms.map((t) => ({ value: t.id, label: `${t.year_name} · ${t.name}` }))}
  />
);

/** Today in the browser's time zone, 'YYYY-MM-DD' (what a date input shows). */
export const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};
