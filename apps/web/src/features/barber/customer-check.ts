import { barberCustomerBody } from '@workhub/shared/schemas/barber';

export type DeskCustomer = { name: string; phone: string; email?: string };

/**
 * What the API would refuse in a customer typed at the desk (a booking, a walk-in), keyed as the
 * API keys its 400's fields ('customer.phone'), so that the form shows its own check and the
 * server's answer under the same fields. Empty when the customer may be sent.
 */
export const customerProblems = (customer: DeskCustomer): Record<string, string> => {
  const checked = barberCustomerBody.safeParse(customer);
  if (checked.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const key = ['customer', ...issue.path.map(String)].join('.');
    problems[key] ??= issue.message;
  }
  return problems;
};

/** The customer as the API takes it: the fields left empty are not sent. */
export const customerBody = ({ name, phone, email }: DeskCustomer) => ({
  name,
  ...(phone.trim() ? { phone } : {}),
  ...(email?.trim() ? { email } : {}),
});
