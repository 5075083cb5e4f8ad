import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type SchemaFormOptions, useResolverForm } from './use-resolver-form.ts';

export type { SchemaFormOptions } from './use-resolver-form.ts';

// One resolver per schema, made once: the schemas are module constants.
const resolvers = new WeakMap<object, unknown>();
const resolverOf = <TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
): Resolver<TInput, unknown, TOutput> => {
  let found = resolvers.get(schema) as Resolver<TInput, unknown, TOutput> | undefined;
  if (!found) {
    found = zodResolver(schema);
    resolvers.set(schema, found);
  }
  return found;
};

/**
 * A form over one shared schema, the object the API validates the same request with (see
 * useResolverForm for what it does on touch, submit and a server's answer).
 */
export const useSchemaForm = <TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  options: SchemaFormOptions<TInput, TOutput>,
) => useResolverForm(resolverOf(schema), options);
