import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * argv that starts the fake provider under tsx's loader. tsx comes from the workspace root's
 * devDependencies; it is resolved to an absolute path so the child does not depend on its cwd.
 */
export function fakeProviderCommand(...args: string[]): string[] {
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return [process.execPath, '--import', `file://${join(tsxDir, 'dist/loader.mjs')}`, join(here, 'fake-provider.ts'), ...args];
}
