import { z } from 'zod';

/** JSON Schema (draft 2020-12) for a zod schema, as advertised in `describe` and exported to docs/. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}
