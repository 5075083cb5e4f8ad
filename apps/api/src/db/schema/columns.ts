import { timestamp } from 'drizzle-orm/pg-core';

/** Every point in time is a timestamptz; the application's clock sets it, so tests can move time. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
