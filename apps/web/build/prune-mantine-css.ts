import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `@mantine/core/styles.css` holds the styles of every Mantine component (~250 KB, 36 KB gzip); the
 * app uses about half of them. Every page loads that file before its first paint (it is the entry's
 * stylesheet), the browser parses all of it and matches its rules on every style recalculation.
 *
 * This plugin keeps the rules a page can match: a Mantine component's rules name its hashed classes
 * (`.m_77c9d27d`), which only its JS module (`Button.module.mjs`) hands out. The classes in use are
 * read from the modules the app can reach: each name the app (or `@mantine/charts`) imports from
 * `@mantine/core`, followed through Mantine's own relative imports. A selector is dropped only when
 * it requires a class no reachable module has (classes inside `:not()`, `:is()`, `:where()` do not
 * count); everything without such a class (CSS variables, resets, `mantine-*` static classes) stays.
 * The pruning happens when the file is loaded, so the built file's hash follows its content.
 */

const require = createRequire(import.meta.url);
const CORE_ESM = join(dirname(require.resolve('@mantine/core/styles.css')), 'esm');
const CLASS = /\bm_[0-9a-f]{5,8}\b/g;
const NAMED_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;

const filesUnder = (dir: string, test: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => test.test(file))
    .map((file) => join(dir, file));

/** Names imported from '@mantine/core' in these files. */
const importedNames = (files: string[]): Set<string> => {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      for (const part of (list ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
};

/** The hashed classes of every Mantine module reachable from `names` (the package's index). */
const reachableClasses = (names: Set<string>): Set<string> => {
  const index = readFileSync(join(CORE_ESM, 'index.mjs'), 'utf8');
  const pending: string[] = [];
  for (const [, list, from] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    const exported = (list ?? '').split(',').map((part) =>
      part
        .split(/\s+as\s+/)
        .pop()
        ?.trim(),
    );
    if (exported.some((name) => name && names.has(name))) pending.push(resolve(CORE_ESM, from ?? ''));
  }
  const seen = new Set<string>();
  const classes = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    if (file.endsWith('.module.mjs')) for (const [found] of code.matchAll(CLASS)) classes.add(found);
    for (const [, from] of code.matchAll(/from\s*"(\.[^"]+)"/g))
      pending.push(resolve(dirname(file), from ?? ''));
  }
  return classes;
};

/** Splits on `separator` outside (), [] and strings. */
const splitTopLevel = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
};

/** Keeps the selectors whose required Mantine classes are all in use; drops rules left with none. */
export const pruneCss = (css: string, used: Set<string>): string => {
  let out = '';
  let i = 0;
  // Moves `i` forward over the text, strings skipped whole, until `stop` says so at a character
  // outside a string (`i` is left on it); true when it stopped, false at the end of the text.
  const walk = (stop: (char: string) => boolean): boolean => {
    let quote = '';
    for (; i < css.length; i += 1) {
      const char = css[i] ?? '';
      if (quote) {
        if (char === '\\') i += 1;
        else if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (stop(char)) return true;
    }
    return false;
  };
  // The text up to the next `{`, `}` or `;` outside strings and parentheses.
  const readPrelude = (): string => {
    const start = i;
    let depth = 0;
    walk((char) => {
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      else return depth === 0 && (char === '{' || char === ';' || char === '}');
      return false;
    });
    return css.slice(start, i);
  };
  // At a `{`: the block's inner text; moves past its `}`.
  const readBlock = (): string => {
    const start = i + 1;
    let depth = 0;
    const closed = walk((char) => {
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else return false;
      return depth === 0;
    });
    if (!closed) throw new Error('prune-mantine-css: unbalanced braces');
    i += 1;
    return css.slice(start, i - 1);
  };
  const selectorMayMatch = (selector: string): boolean => {
    // Classes inside functional pseudo-classes (:not(.m_x), :where(.m_x, ...)) are not required.
    let outer = selector;
    for (let previous = ''; previous !== outer; ) {
      previous = outer;
      outer = outer.replace(/\([^()]*\)/g, '');
    }
    return (outer.match(CLASS) ?? []).every((name) => used.has(name));
  };
  while (i < css.length) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (/\s|}/.test(css[i] ?? '')) {
      i += 1;
      continue;
    }
    const prelude = readPrelude().trim();
    if (css[i] !== '{') {
      // A statement at-rule (@import, @charset, @layer a, b;).
      if (prelude) out += `${prelude};`;
      i += 1;
      continue;
    }
    const body = readBlock();
    if (prelude.startsWith('@')) {
      if (/^@(media|supports|layer|container)\b/.test(prelude)) {
        const inner = pruneCss(body, used);
        if (inner.trim()) out += `${prelude}{${inner}}`;
      } else {
        out += `${prelude}{${body}}`;
      }
      continue;
    }
    const kept = splitTopLevel(prelude, ',').filter(selectorMayMatch);
    if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
  }
  return out;
};

export const pruneMantineCss = (srcDir: string): Plugin => {
  let used: Set<string> | undefined;
  return {
    name: 'workhub:prune-mantine-css',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine[\\/]core[\\/]styles\.css$/.test(id.split('?')[0] ?? '')) return null;
      used ??= reachableClasses(
        importedNames([
          ...filesUnder(srcDir, /\.tsx?$/),
          ...filesUnder(join(dirname(require.resolve('@mantine/charts/styles.css')), 'esm'), /\.mjs$/),
        ]),
      );
      return { code: pruneCss(code, used), map: null };
    },
  };
};
