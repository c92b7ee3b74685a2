import type { BrowserSetupGuide, SetupStep } from '@browser-provider/protocol';
import { findExecutable, guideOf, hostOs, packageStep, versionOf } from '@browser-provider/core/host';
import { FIREFOX_SEARCH } from './launch';

/** Firefox 129 is the first with WebDriver BiDi user contexts, which give each session its own cookie jar. */
const MIN_MAJOR = 129;

/**
 * `provider.setup_guide` for Firefox on this host: Firefox's own Remote Agent speaks BiDi, so the one
 * thing to install is the browser (no geckodriver); the guide checks it is found and new enough.
 */
export async function firefoxSetupGuide(explicit: string | undefined): Promise<BrowserSetupGuide> {
  const os = hostOs();
  const bin = findExecutable({ ...FIREFOX_SEARCH, explicit });
  const version = bin ? await versionOf(bin) : undefined;
  const major = Number(version?.match(/(\d+)\.\d+/)?.[1] ?? Number.NaN);
  const steps: SetupStep[] =
    os.platform === 'darwin'
      ? [
          {
            code: 'install_browser',
            title: 'Install Firefox',
            done: bin !== undefined,
            commands: ['brew install --cask firefox'],
            paths: bin ? [bin] : [],
            permissions: ['an administrator account to write /Applications'],
            urls: ['https://www.mozilla.org/firefox/new/'],
            env: ['FIREFOX_PATH'],
          },
        ]
      : [
          packageStep(os, {
            code: 'install_browser',
            title: 'Install Firefox ESR (it carries its own WebDriver BiDi server: no geckodriver needed)',
            packages: ['firefox-esr'],
            found: [{ name: 'firefox-esr', path: bin }],
            env: ['FIREFOX_PATH'],
            urls: ['https://www.mozilla.org/firefox/enterprise/'],
          }),
        ];
  steps.push({
    code: 'browser_version',
    title: `Firefox ${MIN_MAJOR} or newer (WebDriver BiDi user contexts isolate sessions)${version ? `: found ${version}` : ''}`,
    done: major >= MIN_MAJOR,
    ...(bin ? { commands: [`${bin} --version`] } : {}),
  });
  return guideOf(os, {
    family: 'firefox',
    label: 'Firefox',
    steps,
    somethingFound: bin !== undefined,
    troubleshooting: [
      'Firefox is started headless with a fresh profile per browser; a kept profile (persist) lives under the provider\'s profile root.',
      'If a session fails to start, run provider.verify: it launches, opens a page and says which step failed.',
      'To drive a Firefox you started yourself: firefox --remote-debugging-port=9222, then BROWSER_PROVIDER_BIDI_URL=ws://127.0.0.1:9222.',
    ],
  });
}
