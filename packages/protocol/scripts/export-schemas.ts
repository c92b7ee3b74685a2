/**
 * Writes docs/protocol/schemas/<method>.json (params + result JSON Schema for every normalized
 * method) and the envelope schemas. `--check` fails when the checked-in files are out of date.
 * Regenerate with: pnpm schemas
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorEnvelope, EventEnvelope, METHODS, METHOD_NAMES, RequestEnvelope, SuccessEnvelope, toJsonSchema } from '../src/index';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/protocol/schemas');
const files = new Map<string, string>();
const put = (name: string, value: unknown) => files.set(name, JSON.stringify(value, null, 2) + '\n');

for (const name of METHOD_NAMES) {
  const m = METHODS[name];
  put(`${name}.json`, {
    method: name,
    tier: m.tier,
    description: m.description,
    params: toJsonSchema(m.params, 'input'),
    result: toJsonSchema(m.result, 'output'),
  });
}
put('envelope.request.json', toJsonSchema(RequestEnvelope, 'input'));
put('envelope.success.json', toJsonSchema(SuccessEnvelope, 'output'));
put('envelope.error.json', toJsonSchema(ErrorEnvelope, 'output'));
put('envelope.event.json', toJsonSchema(EventEnvelope, 'output'));

if (process.argv.includes('--check')) {
  let existing: string[] = [];
  try {
    existing = readdirSync(outDir);
  } catch {
    /* no directory yet: every file is missing */
  }
  const stale = [...files].filter(([f, text]) => {
    try {
      return readFileSync(join(outDir, f), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  const extra = existing.filter((f) => !files.has(f));
  if (stale.length || extra.length) {
    console.error(`docs/protocol/schemas is out of date (${[...stale.map(([f]) => f), ...extra].join(', ')}); run: pnpm schemas`);
    process.exit(1);
  }
  console.log(`docs/protocol/schemas: ${files.size} files up to date`);
} else {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [f, text] of files) writeFileSync(join(outDir, f), text);
  console.log(`wrote ${files.size} schema files to docs/protocol/schemas`);
}
