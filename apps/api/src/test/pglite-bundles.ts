import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { findRepoRoot } from '../config.ts';

/** The text of every JavaScript bundle of the installed PGlite (what scripts/patch-deps.mjs fixes). */
export function pgliteBundles(): string[] {
  const dist = join(findRepoRoot(), 'node_modules/@electric-sql/pglite/dist');
  return readdirSync(dist, { recursive: true })
    .map(String)
    .filter((name) => /\.(?:c?js|mjs)$/.test(name))
    .map((name) => readFileSync(join(dist, name), 'utf8'));
}

/** Some bundle of the installed PGlite carries `mark` (a patch of patch-deps.mjs), and none `unpatched`. */
export function expectPatchedEverywhere(mark: string, unpatched: RegExp): void {
  const bundles = pgliteBundles();
  expect(bundles.filter((text) => text.includes(mark)).length).toBeGreaterThan(0);
  expect(bundles.filter((text) => unpatched.test(text))).toEqual([]);
}
