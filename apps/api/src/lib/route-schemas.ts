import { apiErrorSchema } from '@workhub/shared/schemas/common';

/** The error responses a route declares, all with the one envelope. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}
