import { z } from 'zod';

/** What the caller may do in a template module of the workspace they act in. */
export const moduleAccess = z.object({
  module: z.string(),
  /** The module's actions that can() gives the caller's role there (docs/permissions.md). */
  actions: z.array(z.string()),
});
export type ModuleAccess = z.infer<typeof moduleAccess>;
