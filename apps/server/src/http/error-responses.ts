import { apiErrorSchema } from '@radar/shared';

/** The documented error answers of a route, all in the one error shape. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
