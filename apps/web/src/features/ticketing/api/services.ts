import type { Service, serviceBody } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { type CatalogListParams, catalogResource } from './catalog-resource.ts';

export type ServiceListParams = CatalogListParams;

const services = catalogResource<Service, z.output<typeof serviceBody>>('services', {
  csv: 'queue-services.csv',
  // Every service, for selects (a queue has a handful).
  choices: {},
});

/** GET /api/ticketing/services/export: the list as searched and filtered, as CSV. */
export const exportServices = services.exportList;
/** GET /api/ticketing/services?q=&status=&page=. */
export const useServices = services.useList;
/** Every service, for selects. */
export const useServiceChoices = services.useChoices;
/** GET /api/ticketing/services/:id. */
export const getService = services.get;
/** POST /api/ticketing/services or PATCH /api/ticketing/services/:id, made against `version`. */
export const useSaveService = services.useSave;
