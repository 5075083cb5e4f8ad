import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchableText } from '@workhub/shared/text';
import { type Ref, useState } from 'react';
import { OFF_SCREEN } from '../../../lib/off-screen.ts';
import { useProducts } from '../api/get-products.ts';

/** A chosen product: its price too, for an order line's default unit price. */
export type ProductChoice = { id: string; name: string; price?: string };

type ProductSelectProps = {
  label: string;
  /** The label is read, not shown (a table's column header shows it). */
  hideLabel?: boolean;
  value: string;
  onChange: (choice: ProductChoice | null) => void;
  /** When the box loses the focus (a form checks a changed value then, lib/form-timing.ts). */
  onBlur?: () => void;
  /** The box's input: a form's failed submit moves the focus to it when it is the first wrong field. */
  ref?: Ref<HTMLInputElement>;
  /** The chosen product's name, shown before any search has run (an edited line's component). */
  selectedName?: string | null;
  error?: string | undefined;
  /** Products not to offer (the parent itself). */
  exclude?: readonly string[];
  placeholder?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
  w?: number | string;
  /** The box's input takes the focus when its dialog opens (Mantine's focus trap). */
  'data-autofocus'?: boolean;
};

/**
 * Picks an active product by name, searched on the server (`q`, 20 at a time), so a catalogue of
 * thousands stays one request per typed word.
 */
export const ProductSelect = ({
  label,
  hideLabel = false,
  value,
  onChange,
  onBlur,
  ref,
  selectedName,
  error,
  exclude = [],
  placeholder = 'Type to search…',
  clearable = false,
  withAsterisk = false,
  w,
  'data-autofocus': autofocus,
}: ProductSelectProps) => {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(searchableText(search), 250);
  const [chosen, setChosen] = useState<ProductChoice | null>(
    value && selectedName ? { id: value, name: selectedName } : null,
  );
  // While the box shows the chosen name, search for everything, not for that name.
  const q = chosen && typed === chosen.name ? '' : typed;
  const products = useProducts({
    q: q || undefined,
    status: 'active',
    sort: 'product_name',
    page: 1,
    limit: 20,
  });
  const found = (products.data?.data ?? [])
    .filter((product) => !exclude.includes(product.id))
    .map((product) => ({ value: product.id, label: product.product_name }));
  const data =
    chosen && chosen.id === value && !found.some((option) => option.value === chosen.id)
      ? [{ value: chosen.id, label: chosen.name }, ...found]
      : found;

  return (
    <Select
      label={label}
      labelProps={hideLabel ? { style: OFF_SCREEN } : undefined}
      placeholder={placeholder}
      searchable
      // The list opens as the user types, clicks or presses ArrowDown, not when the box takes the
      // focus: a dialog opening in it, or a refused submit focusing it, would cover the fields
      // below and the box's own message with the list.
      openOnFocus={false}
      clearable={clearable}
      withAsterisk={withAsterisk}
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        const found = products.data?.data.find((product) => product.id === id);
        const next = id && option ? { id, name: option.label, price: found?.price } : null;
        setChosen(next);
        onChange(next);
      }}
      onBlur={onBlur}
      ref={ref}
      nothingFoundMessage={products.isFetching ? 'Searching…' : 'No active product matches'}
      error={error}
      filter={({ options }) => options}
      w={w}
      data-autofocus={autofocus || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
