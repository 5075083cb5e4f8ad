import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CbeTeacherCandidate } from '@workhub/shared/schemas/cbe';
import { searchableText } from '@workhub/shared/text';
import { useState } from 'react';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { cbeKey, getCbeList } from '../api/cbe-query.ts';

type Props = { value: string; onChange: (userId: string) => void };

/**
 * Picks a member to make a teacher, searched on the server (GET /api/cbe/teachers/candidates?q=,
 * 20 at a time): active staff who are not teachers yet. The team list's first 100 members, filtered
 * here, lost new staff once guardians (customers) filled it.
 */
export const TeacherCandidateSelect = ({ value, onChange }: Props) => {
  const scope = useSessionScope();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(searchableText(search), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // While the box shows the chosen member, search for everyone, not for that label.
  const q = chosen && typed === chosen.label ? '' : typed.slice(0, 100);
  const candidates = useQuery({
    queryKey: [...cbeKey, scope, 'teachers/candidates', 'list', q],
    queryFn: () => getCbeList<CbeTeacherCandidate>('teachers/candidates', { q: q || undefined, limit: 20 }),
    placeholderData: keepPreviousData,
  });
  const found = (candidates.data?.data ?? []).map((m) => ({
    value: m.user_id,
    label: `${m.name} (${m.email})`,
  }));
  const data =
    chosen && chosen.value === value && !found.some((option) => option.value === chosen.value)
      ? [chosen, ...found]
      : found;
  return (
    <Select
      label="Member"
      placeholder="Type a name or e-mail…"
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(userId, option) => {
        setChosen(userId && option ? { value: userId, label: option.label } : null);
        onChange(userId ?? '');
      }}
      nothingFoundMessage={
        candidates.isFetching ? 'Searching…' : 'No active staff member left to add matches'
      }
      // The server searched: every option it answered is shown.
      filter={({ options }) => options}
      miw={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
