import type { WebModule } from '../../lib/web-module.ts';

/**
 * Barber Shop & Spa in the browser; its manifest (templates, actions, sidebar entries, the barber
 * dashboard route) is in packages/shared/src/modules.ts. A sidebar entry shows once its page is
 * listed here. The public booking page lives in ./public/, routed in app/routes.tsx.
 */
export const barberModule: WebModule<'barber'> = {
  key: 'barber',
  pages: [],
  dashboards: {},
};
