import type { ModuleKey } from '@workhub/shared/modules';
import { barberModule } from '../features/barber/barber-module.ts';
import { cbeModule } from '../features/cbe/cbe-module.ts';
import { operationsModule } from '../features/operations/operations-module.ts';
import { ticketingModule } from '../features/ticketing/ticketing-module.ts';
import type { WebModule } from '../lib/web-module.ts';

/**
 * The browser's side of the module registry (packages/shared/src/modules.ts): one line per module,
 * and the type refuses a module of the registry that has no line here. The router, the sidebar
 * and the guards read this and the manifests, nothing else (docs/modules.md).
 */
export type WebModules = { readonly [K in ModuleKey]: WebModule<K> };

export const WEB_MODULES: WebModules = {
  operations: operationsModule,
  ticketing: ticketingModule,
  cbe: cbeModule,
  barber: barberModule,
};
