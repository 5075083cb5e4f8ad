import { Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { FieldBinding } from '../lib/form-binding.ts';
import { PasswordField } from './password-field.tsx';

type Overrides = { autoComplete?: string };

/** 'First name' and 'Last name' side by side (sign-up, invitations, Invite People). */
export const NameFields = ({
  first,
  last,
  autoComplete,
}: { first: FieldBinding; last: FieldBinding } & Overrides) => (
  <Group grow align="flex-start">
    <TextInput label="First name" autoComplete={autoComplete ?? 'given-name'} {...first} />
    <TextInput label="Last name" autoComplete={autoComplete ?? 'family-name'} {...last} />
  </Group>
);

/**
 * 'Password' and 'Confirm password' for a new password (sign-up, reset, accepting an invitation);
 * the security page calls the first one 'New password', beside 'Current password'.
 */
export const NewPasswordFields = ({
  password,
  confirm,
  passwordLabel = 'Password',
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  passwordLabel?: string;
}) => (
  <>
    <PasswordField label={passwordLabel} autoComplete="new-password" {...password} />
    <PasswordField label="Confirm password" autoComplete="new-password" {...confirm} />
  </>
);

export const CONTACT_FIELDS = ['phone', 'address', 'state', 'country', 'city', 'zip', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A record's contact details as a form starts: nulls of the server become empty fields. */
export const contactFormValues = (
  record: Record<ContactField, string | null>,
): Record<ContactField, string> => ({
  phone: record.phone ?? '',
  address: record.address ?? '',
  state: record.state ?? '',
  country: record.country ?? '',
  city: record.city ?? '',
  zip: record.zip ?? '',
  notes: record.notes ?? '',
});

/**
 * Phone, address, city, state, country, zip and notes (spec section 3). The browser's autofill
 * helps on one's own profile; on someone else's it would fill in one's own details, so it is off.
 */
export const ContactFields = ({
  field,
  own,
}: {
  field: (name: ContactField) => FieldBinding;
  own: boolean;
}) => {
  const auto = (hint: string) => (own ? hint : 'off');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Phone" type="tel" autoComplete={auto('tel')} {...field('phone')} />
        <TextInput label="Address" autoComplete={auto('street-address')} {...field('address')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="City" autoComplete={auto('address-level2')} {...field('city')} />
        <TextInput label="State" autoComplete={auto('address-level1')} {...field('state')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Country" autoComplete={auto('country-name')} {...field('country')} />
        <TextInput label="Zip" autoComplete={auto('postal-code')} {...field('zip')} />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={3} {...field('notes')} />
    </>
  );
};
