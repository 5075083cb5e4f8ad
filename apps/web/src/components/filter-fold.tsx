import { Badge, Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SEARCH_TEXT_MAX } from '@workhub/shared/constants';
import { withoutRefusedCharacters } from '@workhub/shared/text';
import { type ReactNode, useId, useRef, useState } from 'react';

/** Below Mantine's `sm` breakpoint (48em): a phone. */
export const PHONE_QUERY = '(max-width: 47.99em)';

type FilterFold = {
  /** The bar is on a phone: the search box grows beside the toggle. */
  phone: boolean;
  /** The "Filters" button (with how many are set) on a phone; nothing on a wide screen. */
  toggle: ReactNode;
  /** Whether the folded filters are shown: always on a wide screen. */
  shown: boolean;
  /** Props of the box around the folded filters (a Group). */
  foldProps: { id: string; w?: string; display?: 'contents' };
  /** A filter's width: its own on a wide screen, the whole row on a phone. */
  width: (wide: number) => number | string;
};

/**
 * On a phone a list's filters (all but the search) fold behind a "Filters" button that says how many
 * are set, so the list itself is on the first screen. On a wide screen nothing changes: the box
 * around them is `display: contents`, its fields the bar's own items. `open` keeps them shown
 * whatever the toggle says (a folded field with an error to read).
 */
export const useFilterFold = (chosen: number, { open = false }: { open?: boolean } = {}): FilterFold => {
  // Read at the first render (no server rendering here): the bar does not fold after painting.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();
  const toggle = phone ? (
    <Button
      variant="default"
      aria-expanded={unfolded}
      aria-controls={id}
      aria-label={chosen > 0 ? `Filters, ${chosen} set` : undefined}
      onClick={() => setUnfolded((was) => !was)}
      rightSection={
        chosen > 0 ? (
          <Badge size="sm" circle aria-hidden>
            {chosen}
          </Badge>
        ) : null
      }
    >
      Filters
    </Button>
  ) : null;
  return {
    phone,
    toggle,
    shown: !phone || unfolded || open,
    foldProps: phone ? { id, w: '100%' } : { id, display: 'contents' },
    width: (wide) => (phone ? '100%' : wide),
  };
};

type FilterBarProps = {
  /** The search box (its label, value and onChange): it stays on a phone, beside "Filters". None: no search box. */
  search?: Omit<TextInputProps, 'w' | 'style' | 'type'>;
  /** The search box's width on a wide screen. */
  searchWidth?: number;
  /** How many of the folded filters are set (the toggle says so). */
  chosen: number;
  /**
   * The filters that fold on a phone, given their width: the one asked for (or their own) on a wide
   * screen, the whole row on a phone.
   */
  children: (width: (wide?: number) => number | string | undefined) => ReactNode;
  /** At the end of the bar (on a row of their own on a phone), never folded: Export CSV. */
  actions?: ReactNode;
  /** Empties the search and every filter: "Clear filters" shows while any is set. */
  onClear?: () => void;
  /**
   * Whether "Clear filters" shows, when the list has its own rule for it (the operations' lists leave
   * the sort out); by default, while the search or a folded filter is set.
   */
  clearShown?: boolean;
};

/**
 * Every list's filter bar (the work lists' ListFilters, the operations' OpsFilterBar and the other
 * modules' lists): a search box, filters that fold behind "Filters" on a phone (useFilterFold), and
 * actions that stay.
 */
export const FilterBar = ({
  search,
  searchWidth = 240,
  chosen,
  children,
  actions,
  onClear,
  clearShown,
}: FilterBarProps) => {
  const { phone, toggle, shown, foldProps } = useFilterFold(chosen);
  // A search box left uncontrolled (defaultValue: its value lives in the address) is emptied here.
  const searchBox = useRef<HTMLInputElement>(null);
  const searching = String(search?.value ?? search?.defaultValue ?? '').trim() !== '';
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap" role="search" aria-label="Filters">
      {search ? (
        <TextInput
          ref={searchBox}
          // The lists' APIs take a search of up to 100 characters (SEARCH_TEXT_MAX; the ticket list
          // 50, which passes its own): longer, the request was a 400 and the list an error.
          maxLength={SEARCH_TEXT_MAX}
          {...search}
          // What the API refuses in a search (a pasted NUL, a control character) is dropped as it
          // comes, so the address and the request never hold it.
          onChange={(event) => {
            const input = event.currentTarget;
            const typed = input.value;
            const clean = withoutRefusedCharacters(typed);
            if (clean !== typed) input.value = clean;
            search.onChange?.(event);
          }}
          type="search"
          w={phone ? undefined : searchWidth}
          style={phone ? { flex: 1 } : undefined}
        />
      ) : null}
      {toggle}
      {shown ? (
        <Group gap="sm" align="flex-end" wrap="wrap" {...foldProps}>
          {children((wide) => (phone ? '100%' : wide))}
        </Group>
      ) : null}
      {onClear && (clearShown ?? (chosen > 0 || searching)) ? (
        <Button
          variant="subtle"
          onClick={() => {
            onClear();
            if (search && search.value === undefined && searchBox.current) searchBox.current.value = '';
          }}
        >
          Clear filters
        </Button>
      ) : null}
      {actions ? (
        // On a phone the actions go to a row of their own: the search keeps the width.
        <Group ml="auto" justify="flex-end" w={phone ? '100%' : undefined}>
          {actions}
        </Group>
      ) : null}
    </Group>
  );
};
