import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstGrapheme, initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initials('olivia', 'Owner')).toBe('OO');
    expect(initials('Ada', '')).toBe('A');
    expect(initials('  ', '')).toBe('?');
  });

  it('keeps an emoji whole (charAt(0) gave half of it, shown as �)', () => {
    expect(initials('🧪 Lab', 'Kamau')).toBe('🧪K');
    expect(initials('Zawadi', '👩🏽‍🚀 Astro')).toBe('Z👩🏽‍🚀');
    expect(initials('🏳️‍🌈', '🇰🇪')).toBe('🏳️‍🌈🇰🇪');
    expect(initials('Z̷̡̛̙algo', 'e\u0301t')).toBe('Z̷̡̛̙E\u0301');
    expect(`${initials('🧪', '')}`).not.toContain('\uFFFD');
  });

  it('takes an ASCII letter followed by a combining mark or a variation selector whole', () => {
    // The ASCII shortcut must not cut these: the second character joins the first.
    expect(firstGrapheme('e\u0301clair')).toBe('e\u0301');
    expect(firstGrapheme('#\uFE0F\u20E3 hash')).toBe('#\uFE0F\u20E3');
    expect(firstGrapheme('1\uFE0F\u20E3')).toBe('1\uFE0F\u20E3');
    expect(firstGrapheme('A')).toBe('A');
    expect(firstGrapheme(' Ab ')).toBe('A');
  });

  it('reads right-to-left names and leading spaces', () => {
    expect(initials('  مهمة', 'עברית')).toBe('مע');
  });
});

describe('firstGrapheme without Intl.Segmenter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('falls back to the first code point: never half a surrogate pair', async () => {
    vi.stubGlobal('Intl', {});
    // The module keeps the segmenter it made: a fresh copy under the stubbed global.
    vi.resetModules();
    const { firstGrapheme: fallback } = await import('./initials.ts');
    expect(fallback('🧪 Lab')).toBe('🧪');
    expect(fallback('👩🏽‍🚀')).toBe('👩');
    expect(fallback('Ada')).toBe('A');
    expect(firstGrapheme('👩🏽‍🚀')).toBe('👩🏽‍🚀');
  });
});
