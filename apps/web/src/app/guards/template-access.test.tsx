import { screen } from '@testing-library/react';
import { TEMPLATES, type Template } from '@workhub/shared/enums';
import { MODULES, templateDashboard } from '@workhub/shared/modules';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { mockFetchPerTest } from '../../test/fetch-mock.ts';
import { fakeAuth, fakeAuthSession, fakeWorkspaceAuthSession } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { RequireModule, RequireTemplate } from './require-template.tsx';
import { decideModuleAccess, decideTemplateAccess } from './template-access.ts';

mockFetchPerTest();

const auth = fakeAuth;

describe('decideTemplateAccess', () => {
  it.each(TEMPLATES)('opens the %s dashboard only inside a workspace of that template', (template) => {
    expect(decideTemplateAccess(auth({ workspace_id: 'w1', template }), template)).toEqual({ kind: 'allow' });
    for (const other of TEMPLATES.filter((t) => t !== template)) {
      expect(decideTemplateAccess(auth({ workspace_id: 'w1', template: other }), template)).toEqual({
        kind: 'redirect',
        to: templateDashboard(other),
      });
    }
  });

  it('sends a session without a workspace to the picker', () => {
    expect(decideTemplateAccess(auth({}), 'workspace')).toEqual({ kind: 'redirect', to: '/workspace' });
    const staff = auth({ role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null });
    expect(decideTemplateAccess(staff, 'mrp')).toEqual({ kind: 'redirect', to: '/workspace' });
  });
});

describe('decideModuleAccess', () => {
  describe.each(MODULES.map((module) => [module.key, module] as const))('%s', (key, module) => {
    it.each(TEMPLATES)('in a %s workspace: opens only where the registry includes the module', (template) => {
      const decision = decideModuleAccess(auth({ workspace_id: 'w1', template }), key);
      expect(decision).toEqual(
        module.templates.includes(template)
          ? { kind: 'allow' }
          : { kind: 'redirect', to: templateDashboard(template) },
      );
    });

    it('sends a session without a workspace to the picker', () => {
      expect(decideModuleAccess(auth({}), key)).toEqual({ kind: 'redirect', to: '/workspace' });
    });
  });
});

const Where = () => <h1>At {useLocation().pathname}</h1>;

const dashboards = (
  <Routes>
    {TEMPLATES.map((template: Template) => (
      <Route
        key={template}
        path={templateDashboard(template)}
        element={
          <RequireTemplate template={template}>
            <h1>{template} dashboard</h1>
          </RequireTemplate>
        }
      />
    ))}
    <Route path="/workspace" element={<Where />} />
  </Routes>
);

describe('RequireTemplate', () => {
  it("shows the dashboard of the current workspace's template", () => {
    signIn(fakeWorkspaceAuthSession('erp'));
    renderPage(dashboards, '/dashboard_erp');
    expect(screen.getByRole('heading', { name: 'erp dashboard' })).toBeTruthy();
  });

  it('sends a user who opens another template’s dashboard to their own', () => {
    signIn(fakeWorkspaceAuthSession('barber', 'worker'));
    renderPage(dashboards, '/dashboard_crm');
    expect(screen.getByRole('heading', { name: 'barber dashboard' })).toBeTruthy();
  });

  it('sends a user who has not chosen a workspace to /workspace', () => {
    signIn(fakeAuthSession());
    renderPage(dashboards, '/dashboard');
    expect(screen.getByRole('heading', { name: 'At /workspace' })).toBeTruthy();
  });
});

describe('RequireModule', () => {
  const products = (
    <Routes>
      <Route
        path="/operations/products"
        element={
          <RequireModule module="operations">
            <h1>Products</h1>
          </RequireModule>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>
  );

  it('shows a module page inside a workspace whose template includes the module', () => {
    signIn(fakeWorkspaceAuthSession('srm', 'worker'));
    renderPage(products, '/operations/products');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('sends a workspace of another template to its own dashboard', () => {
    signIn(fakeWorkspaceAuthSession('barber'));
    renderPage(products, '/operations/products');
    expect(screen.getByRole('heading', { name: 'At /dashboard_barber' })).toBeTruthy();
  });
});
