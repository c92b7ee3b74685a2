import type { BrowserSetupGuide, SetupStep } from '@browser-provider/protocol';
import { aptCandidate, debianLike, findExecutable, guideOf, hostOs, packageStep, versionOf } from '@browser-provider/core/host';
import { CHROME_SEARCH, CHROMEDRIVER_SEARCH } from './launch';

const CHROME_FOR_TESTING = 'https://googlechromelabs.github.io/chrome-for-testing/';
const major = (v: string | undefined) => v?.match(/(\d+)\.\d+\.\d+/)?.[1];

/**
 * `provider.setup_guide` for Chrome on this host: Chromium and a chromedriver of the same major version.
 * Debian's archive has both; where it has no Chromium (Ubuntu ships it as a snap, other systems not at
 * all) the guide names a Chrome for Testing build, which comes with its matching chromedriver.
 */
export async function chromeSetupGuide(o: { executablePath?: string | undefined; driverPath?: string | undefined }): Promise<BrowserSetupGuide> {
  const os = hostOs();
  const chrome = findExecutable({ ...CHROME_SEARCH, explicit: o.executablePath });
  const driver = findExecutable({ ...CHROMEDRIVER_SEARCH, explicit: o.driverPath });
  const [chromeVersion, driverVersion] = await Promise.all([chrome ? versionOf(chrome) : undefined, driver ? versionOf(driver) : undefined]);
  const steps: SetupStep[] = [];
  const found = [
    { name: 'chromium', path: chrome },
    { name: 'chromedriver', path: driver },
  ];
  const missing = !chrome || !driver;
  // Asked only when something is missing: apt-cache is slow, and a ready host needs no alternative.
  const debianHasIt = os.platform === 'linux' && debianLike(os) && (!missing || (await aptCandidate('chromium')) !== undefined);
  if (os.platform === 'linux' && (debianHasIt || !missing)) {
    steps.push(packageStep(os, { code: 'install_packages', title: 'Install Chromium and its chromedriver', packages: ['chromium', 'chromium-driver'], found, env: ['CHROME_PATH', 'CHROMEDRIVER_PATH'] }));
  } else {
    steps.push({
      code: 'chrome_for_testing',
      title: `${os.platform === 'linux' ? "This system's package archive offers no Chromium" : 'Install Chrome'}: a Chrome for Testing build and its matching chromedriver, then point the provider at both`,
      done: !missing,
      commands: ['npx @puppeteer/browsers install chrome@stable', 'npx @puppeteer/browsers install chromedriver@stable', 'export CHROME_PATH=<the chrome binary it printed> CHROMEDRIVER_PATH=<the chromedriver it printed>'],
      paths: found.flatMap((f) => (f.path ? [f.path] : [])),
      permissions: ['none: it installs into the current directory'],
      urls: [CHROME_FOR_TESTING],
      env: ['CHROME_PATH', 'CHROMEDRIVER_PATH'],
    });
  }
  steps.push({
    code: 'versions_match',
    title: `chromedriver's major version matches the browser's${chromeVersion && driverVersion ? ` (browser ${major(chromeVersion)}, driver ${major(driverVersion)})` : ''}`,
    done: major(chromeVersion) !== undefined && major(chromeVersion) === major(driverVersion),
    commands: [`${chrome ?? 'chromium'} --version`, `${driver ?? 'chromedriver'} --version`],
    urls: [CHROME_FOR_TESTING],
  });
  return guideOf(os, {
    family: 'chrome',
    label: 'Chrome',
    steps,
    somethingFound: chrome !== undefined || driver !== undefined,
    troubleshooting: [
      'chromedriver answers "session not created" when its major version differs from the browser\'s: install both from the same source.',
      'Chromium runs headless with --no-sandbox (containers often lack user namespaces); nothing else needs a display.',
      'If a session fails to start, run provider.verify: it launches, opens a page and says which step failed.',
    ],
  });
}
