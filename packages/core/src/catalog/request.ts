import { defineError } from './entry';

/** Errors about the request itself: the envelope, the params, and methods that are not there. */

export const parse_error = defineError({ code: 'invalid_request', detail: 'parse_error', retryable: false, when: 'The line is not JSON (answered with id null).', example: undefined });
export const not_an_object = defineError({ code: 'invalid_request', detail: 'not_an_object', retryable: false, when: 'The request is JSON but not an object.', example: undefined });
export const invalid_envelope = defineError({ code: 'invalid_request', detail: 'invalid_envelope', retryable: false, when: 'id, method or params has the wrong type.', example: undefined });
export const unsupported_protocol_version = defineError({ code: 'invalid_request', detail: 'unsupported_protocol_version', retryable: false, when: 'protocol_version is not "0.1".', example: undefined });
export const invalid_params = defineError({
  code: 'invalid_request',
  detail: 'invalid_params',
  retryable: false,
  when: 'A param has the wrong type or value; the message and details.field name it.',
  example: undefined,
});
