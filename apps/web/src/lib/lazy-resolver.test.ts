import type { Resolver } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as chunkReload from './chunk-reload.ts';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { name: string };
const accept: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyResolver', () => {
  it('validates with the resolver once it has loaded, loading it once', async () => {
    const load = vi.fn(async () => accept);
    const form = lazyResolver<Values, Values>(load);
    form.preload();
    const result = await form.resolver({ name: 'Ada' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next validation', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(accept);
    const form = lazyResolver<Values, Values>(load);
    await expect(form.resolver({ name: 'Ada' }, undefined, options)).rejects.toThrow('offline');
    await expect(form.resolver({ name: 'Ada' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reloads the tab when the validation script is gone (a deploy since it loaded) on the form's first focus", async () => {
    const reload = vi.spyOn(chunkReload, 'reloadForNewBuild').mockReturnValue(true);
    const form = lazyResolver<Values, Values>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/form-abc.js')),
    );
    form.preload();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('does not reload for another failure, nor twice in a minute: the error reaches the form', async () => {
    const reload = vi.spyOn(chunkReload, 'reloadForNewBuild').mockReturnValue(false);
    const gone = lazyResolver<Values, Values>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/form-abc.js')),
    );
    await expect(gone.resolver({ name: 'Ada' }, undefined, options)).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
    const broken = lazyResolver<Values, Values>(() => Promise.reject(new Error('a bug')));
    await expect(broken.resolver({ name: 'Ada' }, undefined, options)).rejects.toThrow('a bug');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
