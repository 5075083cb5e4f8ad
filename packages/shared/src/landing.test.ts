import { describe, expect, it } from 'vitest';
import { TEMPLATE_DASHBOARDS, TEMPLATES } from './enums.ts';
import { landingPath } from './landing.ts';

describe('landingPath', () => {
  it.each(TEMPLATES)('lands a sign-in that reopened a %s workspace on its dashboard', (template) => {
    expect(landingPath({ template })).toBe(TEMPLATE_DASHBOARDS[template]);
  });

  it('lands a sign-in without a workspace on the picker', () => {
    expect(landingPath(null)).toBe('/workspace');
  });
});
