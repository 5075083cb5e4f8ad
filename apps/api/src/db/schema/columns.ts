import { type SQL, sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Every point in time is a timestamptz; the application's clock sets it, so tests can move time. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `'a', 'b', 'c'` for a check constraint over one of the shared enums (constants, never input). */
export const inList = (values: readonly string[]): SQL => sql.raw(values.map((v) => `'${v}'`).join(', '));
