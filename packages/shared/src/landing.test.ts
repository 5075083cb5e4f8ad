import { describe, expect, it } from 'vitest';
import { TEMPLATES } from './enums.ts';
import { landingPath } from './landing.ts';
import { templateDashboard } from './modules.ts';

describe('landingPath', () => {
  it.each(TEMPLATES)('lands a sign-in that reopened a %s workspace on its dashboard', (template) => {
    expect(landingPath({ template })).toBe(templateDashboard(template));
  });

  it('lands a sign-in without a workspace on the picker', () => {
    expect(landingPath(null)).toBe('/workspace');
  });
});
