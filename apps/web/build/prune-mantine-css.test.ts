import { describe, expect, it } from 'vitest';
import { pruneCss } from './prune-mantine-css.ts';

const used = new Set(['m_1111aaaa', 'm_2222bbbb']);

describe('pruneCss', () => {
  it('drops a rule that needs a class no reachable module hands out, keeps one whose classes are used', () => {
    const out = pruneCss('.m_1111aaaa{color:red}.m_9999ffff{color:blue}', used);
    expect(out).toContain('.m_1111aaaa{color:red}');
    expect(out).not.toContain('m_9999ffff');
  });

  it('keeps only the selectors of a list that can match, and rules without a hashed class', () => {
    const out = pruneCss(':root{--x:1}.m_9999ffff,.m_2222bbbb:hover{a:b}.mantine-active{c:d}', used);
    expect(out).toBe(':root{--x:1}.m_2222bbbb:hover{a:b}.mantine-active{c:d}');
  });

  it('does not count classes inside :not(), :where() or :is() as required', () => {
    const css = '.m_1111aaaa:not(.m_9999ffff){a:b}:where(.m_9999ffff) .m_2222bbbb{c:d}';
    expect(pruneCss(css, used)).toBe(css);
  });

  it('prunes inside @media and @layer, drops a block left empty, and keeps other at-rules as they are', () => {
    const out = pruneCss(
      '@layer mantine{.m_9999ffff{a:b}}@media (min-width: 1px){.m_1111aaaa{c:d}.m_9999ffff{e:f}}@keyframes k{from{opacity:0}}',
      used,
    );
    expect(out).toBe('@media (min-width: 1px){.m_1111aaaa{c:d}}@keyframes k{from{opacity:0}}');
  });

  it('leaves strings and comments alone, and refuses unbalanced braces', () => {
    expect(pruneCss('/* .m_9999ffff{} */.m_1111aaaa{content:"}"}', used)).toBe('.m_1111aaaa{content:"}"}');
    expect(() => pruneCss('.m_1111aaaa{a:b', used)).toThrow(/unbalanced/);
  });
});
