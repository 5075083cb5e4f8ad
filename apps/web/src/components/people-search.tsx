import { TextInput } from '@mantine/core';

/** The search box over a list of people (team members, subscribers): by name or e-mail. */
export const PeopleSearch = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => (
  <TextInput
    label="Search"
    placeholder="Name or e-mail"
    type="search"
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    mb="md"
    maw={360}
  />
);
