import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * engines.test.ts's run of gate.fixture.ts: the discovery pointed away from Firefox (the facts are
 * given, with no global setup to find it), so the gate meets a machine without it.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['gate.fixture.ts'],
    provide: {
      browserEngines: {
        selected: ['firefox', 'chrome'],
        missing: { firefox: 'firefox is not installed here: No Firefox binary found (FIREFOX_PATH, PATH firefox-esr/firefox, known locations).' },
      },
    },
  },
});
