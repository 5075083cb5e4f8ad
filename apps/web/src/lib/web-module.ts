import type { Template } from '@workhub/shared/enums';
import type { ModuleAction, ModuleKey } from '@workhub/shared/modules';
import type { ReactNode } from 'react';
import type { Preloadable } from './lazy-page.ts';

/** One page of a template module, routed under its module's and its action's guards. */
export type ModulePage = {
  /** Its address; a sidebar entry of the manifest with this path links to it. */
  path: string;
  /** The action that opens it (RequireCan); the module's template is checked first (RequireModule). */
  action: ModuleAction;
  element: ReactNode;
  /** The page's chunk (a lazyPage), loaded early when the page is the first one opened. */
  page: Preloadable;
  /** A form: a read-only account does not get it (RequireWritable). */
  edits?: true;
};

/** A page standing in for a template's shared dashboard. */
export type ModuleDashboard = { element: ReactNode; page: Preloadable };

/**
 * What a template module gives the browser (docs/modules.md): apps/web/src/features/<key>/ exports
 * one of these, and app/web-modules.ts lists it under its key. Everything else (which templates
 * include it, its actions, its sidebar entries, the dashboards it owns) is its manifest in
 * packages/shared/src/modules.ts.
 */
export type WebModule<K extends ModuleKey = ModuleKey> = {
  key: K;
  pages: readonly ModulePage[];
  /**
   * The module's own dashboard for the templates whose dashboard its manifest owns; a template
   * left out keeps the shared template dashboard at that route.
   */
  dashboards: { readonly [T in Template]?: ModuleDashboard };
  /**
   * What the module shows on the shared dashboard of templates that include it and whose dashboard
   * no module owns: its 'Sales value' and 'Total orders' panels (the shared dashboard shows none
   * where no module gives them).
   */
  dashboardPanels?: { readonly [T in Template]?: ModuleDashboard };
};
