import { NativeSelect } from '@mantine/core';
import type { CbeSettings } from '@workhub/shared/schemas/cbe';
import { useCbeGet } from '../api/cbe-query.ts';
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

/**
 * The school's today ('YYYY-MM-DD', what a date input shows), in the school's time zone as the API
 * reads it (GET /api/cbe/settings, the dashboard's day); `today` is undefined until it is loaded
 * (`query`: its state). Not the browser's: a browser ahead of the school offered a day the API
 * refuses as not yet come, one behind it could not pick the school's today.
 */
export const useSchoolToday = () => {
  const settings = useCbeGet<CbeSettings>('settings');
  return { today: settings.data?.today, query: settings };
};
