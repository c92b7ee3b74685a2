import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './spawn';

describe('the server\'s Node flags', () => {
  it('are the ones the bin passes when it runs as a command', () => {
    const pkg = createRequire(import.meta.url).resolve('@browser-provider/cli/package.json');
    const [shebang, exec] = readFileSync(join(dirname(pkg), 'bin/browser-provider.js'), 'utf8').split('\n');
    expect(shebang).toBe('#!/bin/sh');
    expect(exec).toBe(`":" //; exec node ${SERVER_NODE_FLAGS.join(' ')} "$0" "$@"`);
  });
});
