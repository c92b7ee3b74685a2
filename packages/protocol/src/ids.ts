import { z } from 'zod';

/** Request ids may be strings or numbers, as in JSON-RPC; responses echo them unchanged. */
export const RequestId = z.union([z.string().max(256), z.number()]);
export type RequestId = z.infer<typeof RequestId>;
