import { TextInput } from '@mantine/core';

type PeopleSearchProps = {
  value: string;
  onChange: (value: string) => void;
  /**
   * The most characters the list's API takes in `q` (team 100, subscribers 200): a longer paste is
   * cut here, where the API would answer 400 and the list stay in its error state.
   */
  maxLength?: number;
};

/** The search box over a list of people (team members, subscribers): by name or e-mail. */
export const PeopleSearch = ({ value, onChange, maxLength = 100 }: PeopleSearchProps) => (
  <TextInput
    label="Search"
    placeholder="Name or e-mail"
    type="search"
    value={value}
    maxLength={maxLength}
    onChange={(event) => onChange(event.currentTarget.value)}
    mb="md"
    maw={360}
  />
);
