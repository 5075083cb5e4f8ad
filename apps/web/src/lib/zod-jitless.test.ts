import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod parse without new Function (no CSP violation under script-src self)', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing still works, and never builds a function from a string.
    const original = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), count: z.number() });
      expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
      expect(schema.safeParse({ name: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
