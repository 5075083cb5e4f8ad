import { ConfigError } from '../../config.ts';
import { addSeconds } from '../../lib/clock.ts';

/** What a provider is asked to collect: one issued invoice (docs/decisions.md, 013). */
export type InvoiceToCollect = {
  accountId: string;
  invoiceId: string;
  number: string;
  planTitle: string;
  /** In the currency's units, as stored (numeric, e.g. '19.00'). */
  amount: string;
  currency: string;
  issuedAt: Date;
  dueAt: Date;
  /** Where the provider may send the payer (the holder's e-mail). */
  payerEmail: string;
};

export type Collection = {
  /** 'paid' once the money is in (a card charged); 'open' while the payer still owes it. */
  status: 'open' | 'paid';
  /** The provider's own id for the payment (a charge id), null when there is none. */
  providerReference: string | null;
};

/**
 * How an invoice gets paid. The checkout service knows only this type: a card provider is one more
 * class implementing it, added to PAYMENT_PROVIDERS under its id and chosen with PAYMENT_PROVIDER.
 * `collect` runs outside any transaction and lock (checkout's step 2), and may be asked again for
 * the same invoice (a retried checkout, a crash before the answer was recorded): a provider must
 * use `invoiceId` as its idempotency key, so one invoice is charged once. A provider that throws
 * leaves the invoice uncollected (not listed, not owed) and the subscription unchanged.
 */
export type PaymentProvider = {
  readonly id: string;
  /** When an invoice issued at `issuedAt` falls due (a card provider: at once). */
  dueAt(issuedAt: Date): Date;
  collect(invoice: InvoiceToCollect): Promise<Collection>;
};

export const MANUAL_INVOICE_NET_DAYS = 30;

/** The built-in provider: the invoice stays open and the holder pays it by transfer within 30 days. */
export class ManualInvoiceProvider implements PaymentProvider {
  readonly id = 'manual_invoice';

  dueAt(issuedAt: Date): Date {
    return addSeconds(issuedAt, MANUAL_INVOICE_NET_DAYS * 24 * 60 * 60);
  }

  async collect(): Promise<Collection> {
    return { status: 'open', providerReference: null };
  }
}

/** Every provider the server can use, by id. */
export const PAYMENT_PROVIDERS: Record<string, () => PaymentProvider> = {
  manual_invoice: () => new ManualInvoiceProvider(),
};

/** The provider PAYMENT_PROVIDER names; an unknown id stops the server at boot. */
export function paymentProviderOf(id: string): PaymentProvider {
  const make = PAYMENT_PROVIDERS[id];
  if (!make) {
    throw new ConfigError(
      `PAYMENT_PROVIDER: unknown provider '${id}' (known: ${Object.keys(PAYMENT_PROVIDERS).join(', ')})`,
    );
  }
  return make();
}
