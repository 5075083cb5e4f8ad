import type { FieldValues, Resolver } from 'react-hook-form';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

/** A resolver whose validation code loads on first use; `preload` starts that load early. */
export type LazyResolver<TInput extends FieldValues, TOutput> = {
  resolver: Resolver<TInput, unknown, TOutput>;
  preload: () => void;
};

/**
 * A react-hook-form resolver fetched on first use. The forms validate with the shared zod schemas
 * through zodResolver, but zod is ~25 KB gzip: loading it with the first validation (or when the
 * user first focuses the form, via `preload`) keeps it off the sign-in route's first load.
 *
 * A tab opened before a deploy asks for the old build's script: the form then never validated and
 * its button did nothing. The tab reloads instead (at most once a minute, lib/chunk-reload.ts);
 * `preload` runs on the form's first focus, so that is before much has been typed.
 */
export const lazyResolver = <TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> => {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      if (isChunkLoadError(error) && reloadForNewBuild()) return new Promise<never>(() => {});
      throw error;
    });
    return pending;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return {
    resolver,
    preload: () => {
      get().catch(() => {});
    },
  };
};
