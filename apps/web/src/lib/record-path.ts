import { messages } from '@workhub/shared/messages';
import { isUuid } from '@workhub/shared/text';
import { ApiError } from './api-error.ts';

/** `/api/...` with an id in the path, escaped. */
export const idPath = (prefix: string, id: string, suffix = '') =>
  `${prefix}/${encodeURIComponent(id)}${suffix}`;

/**
 * The API path of one record whose id comes from the address bar or a link. An id no record can
 * have (/task/list, /user/general) is answered as the API answers an id that names none, a 404
 * ("Not found."), without asking it: the API would refuse it as a field that is not valid (400,
 * 'Some fields are not valid', with a Try again that never helps).
 */
export const recordPath = (prefix: string, id: string, suffix = ''): string => {
  if (!isUuid(id)) {
    throw new ApiError({ status: 404, code: 'NOT_FOUND', message: messages.notFound });
  }
  return idPath(prefix, id, suffix);
};
