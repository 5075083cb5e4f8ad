import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type BarberCustomerBody, barberCustomerBody } from '@workhub/shared/schemas/barber';
import type { z } from 'zod';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddCustomer } from '../api/customers.ts';

const EMPTY: BarberCustomerBody = { name: '', phone: '', email: '' };

/**
 * Add a customer (the API's barberCustomerBody, checked here before sending): a name, and a phone
 * and an e-mail if known. An e-mail names one customer of the shop: the server's 409 shows under it.
 */
export const CustomerForm = ({ onClose }: { onClose: () => void }) => {
  const add = useAddCustomer();
  const { field, submit, isSubmitting } = useSchemaForm<
    BarberCustomerBody,
    z.output<typeof barberCustomerBody>
  >(barberCustomerBody, {
    defaultValues: EMPTY,
    onSubmit: async (values) => {
      const answer = await add.mutateAsync(values);
      notify.success(answer.message ?? 'Customer added');
      onClose();
    },
    conflictField: 'email',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required autoComplete="off" data-autofocus {...field('name')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...field('phone')} />
        <TextInput label="E-mail" type="email" autoComplete="off" {...field('email')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            Add customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
