import { cbeIdParam } from '@workhub/shared/schemas/cbe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleScope } from '../../plugins/module-gate.ts';
import { readErrors, security, tags } from './cbe-common.ts';
import { CBE_DELETABLE, type CbeDeleteService } from './cbe-delete.service.ts';

/** DELETE /api/cbe/{teachers,years,terms,grades,classes,learning-areas,strands,sub-strands,fee-structures}/:id */
export const cbeDeleteRoutes: FastifyPluginAsyncZod<{ service: CbeDeleteService }> = async (
  app,
  { service },
) => {
  for (const kind of CBE_DELETABLE) {
    app.delete(
      `/cbe/${kind}/:id`,
      {
        config: { action: 'cbe:manage' },
        schema: {
          tags,
          security,
          summary: `Delete a record of ${kind} (409 while real records use it; its own outline goes with it)`,
          params: cbeIdParam,
          response: { 204: z.undefined(), ...readErrors },
        },
      },
      async (request, reply) => {
        await service.remove(moduleScope(request), kind, request.params.id);
        return reply.status(204).send();
      },
    );
  }
};
