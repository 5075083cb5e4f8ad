import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  chunksToHint,
  compileHints,
  FIRST_LOAD_GROUPS,
  type HintedChunk,
  scriptsOfHtml,
} from './compile-hints.ts';

const chunk = (fileName: string, name: string, imports: string[] = [], isEntry = false): HintedChunk => ({
  fileName,
  name,
  isEntry,
  imports,
});

const groups = [...FIRST_LOAD_GROUPS].map((name) => chunk(`assets/${name}.js`, name, ['assets/labels.js']));
const chunks = [
  chunk('assets/index.js', 'index', ['assets/mantine-form-kit.js', 'assets/runtime.js'], true),
  chunk('assets/runtime.js', 'runtime'),
  chunk('assets/labels.js', 'labels'),
  chunk('assets/project-list-page.js', 'project-list-page', ['assets/labels.js', 'assets/due-date.js']),
  chunk('assets/due-date.js', 'due-date'),
  chunk('assets/login-page.js', 'login-page', ['assets/forms.js']),
  chunk('assets/forms.js', 'forms'),
  ...groups,
];

describe('scriptsOfHtml', () => {
  it('reads the module entry and the preloaded scripts of a page, not its stylesheets', () => {
    const html = `<head><script type="module" crossorigin src="/assets/index.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/login-page.js">
      <link rel="preload" as="style" crossorigin href="/assets/shell.css">
      <link rel="stylesheet" crossorigin href="/assets/index.css"></head>`;
    expect(scriptsOfHtml(html)).toEqual(['assets/index.js', 'assets/login-page.js']);
  });
});

describe('chunksToHint', () => {
  it("adds the scripts a page's HTML names, with their imports", () => {
    const hinted = chunksToHint(chunks, ['assets/login-page.js']);
    expect(hinted.has('assets/login-page.js')).toBe(true);
    expect(hinted.has('assets/forms.js')).toBe(true);
    expect(hinted.has('assets/project-list-page.js')).toBe(false);
  });

  it('is the entry, the first-load groups and what they import statically, not the pages', () => {
    expect([...chunksToHint(chunks)].sort()).toEqual(
      ['assets/index.js', 'assets/runtime.js', 'assets/labels.js', ...groups.map((g) => g.fileName)].sort(),
    );
  });
});

describe('compileHints', () => {
  /** The plugin's writeBundle hook, as the bundler calls it (with what the hook reads). */
  type WriteBundle = (
    this: { error: (message: string) => never },
    options: { dir: string },
    bundle: Record<string, HintedChunk & { type: 'chunk' }>,
  ) => void;
  const run = (dir: string, bundleChunks: HintedChunk[]) => {
    const hook = compileHints().writeBundle as unknown as WriteBundle;
    const bundle = Object.fromEntries(
      bundleChunks.map((c) => [c.fileName, { ...c, type: 'chunk' as const }]),
    );
    const context = {
      error: (message: string): never => {
        throw new Error(message);
      },
    };
    hook.call(context, { dir }, bundle);
  };

  it('writes the hint on the first line of each hinted file, once, and moves its source map down a line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    try {
      for (const c of chunks)
        writeFileSync(join(dir, c.fileName.replace('assets/', '')), `code of ${c.name}`);
      writeFileSync(join(dir, 'index.js.map'), JSON.stringify({ version: 3, mappings: 'AAAA' }));
      const flat = chunks.map((c) => ({
        ...c,
        fileName: c.fileName.replace('assets/', ''),
        imports: c.imports.map((i) => i.replace('assets/', '')),
      }));
      run(dir, flat);
      run(dir, flat);
      expect(readFileSync(join(dir, 'index.js'), 'utf8')).toBe(`${COMPILE_HINT}code of index`);
      expect(readFileSync(join(dir, 'signed-in-shell.js'), 'utf8')).toBe(
        `${COMPILE_HINT}code of signed-in-shell`,
      );
      expect(readFileSync(join(dir, 'project-list-page.js'), 'utf8')).toBe('code of project-list-page');
      expect(JSON.parse(readFileSync(join(dir, 'index.js.map'), 'utf8')).mappings).toBe(';AAAA');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when a first-load group has no chunk (a group renamed in vite.config.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    try {
      expect(() =>
        run(
          dir,
          chunks.filter((c) => c.name !== 'signed-in-shell'),
        ),
      ).toThrow(/signed-in-shell/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
