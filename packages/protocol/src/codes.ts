import { z } from 'zod';

/** The draft's 14 top-level error codes. Finer causes go in `details.code`; never add a code here. */
export const ERROR_CODES = [
  'unsupported_method',
  'unsupported_target',
  'invalid_request',
  'invalid_selector',
  'element_not_found',
  'element_not_actionable',
  'navigation_timeout',
  'not_ready',
  'setup_required',
  'permission_denied',
  'browser_not_running',
  'session_not_found',
  'page_not_found',
  'internal_error',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;
