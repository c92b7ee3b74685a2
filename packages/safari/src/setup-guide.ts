import type { BrowserSetupGuide, SetupStep } from '@browser-provider/protocol';
import { guideOf, hostOs, packageStep } from '@browser-provider/core/host';
import { findSafariDriver } from './discover';
import { SAFARI_AUTOMATION_STEPS } from './setup';
import { systemLocator, type LinuxLocator } from './status';

const TROUBLE = 'If a session fails to start, run provider.verify: it launches, opens a page and says which step failed.';

/**
 * `provider.setup_guide` for the Safari engine. Linux: WebKitGTK's WebDriver and MiniBrowser (the same
 * WebKit and WebDriver lineage as Safari), and Xvfb when there is no display to use. macOS: Safari's own
 * safaridriver, which a person must allow once; whether they have cannot be read without a session, so
 * that step is never marked done here and provider.verify is what tells.
 */
export async function safariSetupGuide(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, privateX: boolean, locate: LinuxLocator = systemLocator): Promise<BrowserSetupGuide> {
  const os = hostOs(platform);
  const base = { browser_family: 'safari', platform, host: os.description };
  if (platform === 'darwin') {
    const driver = findSafariDriver(env);
    const steps: SetupStep[] = [
      { code: 'safaridriver', title: 'safaridriver ships with Safari (macOS 13 or later); update macOS to get it', done: driver !== undefined, paths: driver ? [driver] : [], env: ['SAFARIDRIVER_PATH'] },
      {
        code: 'enable_automation',
        title: 'Allow remote automation (once per Mac user); cannot be checked without a session: run provider.verify after',
        done: false,
        commands: ['safaridriver --enable'],
        permissions: ['an administrator password (safaridriver --enable asks for it)', 'a person at Safari ▸ Settings ▸ Advanced, then Develop ▸ Allow Remote Automation'],
        urls: ['https://developer.apple.com/documentation/webkit/testing-with-webdriver-in-safari'],
      },
    ];
    return { ...base, browser_label: 'Safari', setup_state: driver ? 'partial' : 'required', steps, troubleshooting: [...SAFARI_AUTOMATION_STEPS, TROUBLE] };
  }
  const needX = privateX || !env.DISPLAY;
  const driver = locate.driver(env);
  const mini = locate.miniBrowser(env);
  const found = [
    { name: 'WebKitWebDriver', path: driver },
    { name: 'MiniBrowser', path: mini },
    ...(needX ? [{ name: 'Xvfb', path: locate.xvfb(env) }] : []),
  ];
  const steps = [
    packageStep(os, {
      code: 'install_packages',
      title: needX ? 'Install WebKitGTK\'s WebDriver and MiniBrowser, and Xvfb for a private display (DISPLAY is unset)' : `Install WebKitGTK's WebDriver and MiniBrowser (the display is DISPLAY=${env.DISPLAY ?? ''})`,
      // xvfb even with a display: the provider falls back to a private one when DISPLAY goes away.
      packages: ['webkit2gtk-driver', 'xvfb'],
      found,
      env: ['WEBKIT_WEBDRIVER_PATH', 'MINIBROWSER_PATH', ...(needX ? ['XVFB_PATH'] : [])],
      urls: ['https://webkitgtk.org/'],
    }),
  ];
  return guideOf(os, {
    family: 'safari',
    label: 'WebKit (WebKitGTK MiniBrowser)',
    steps,
    somethingFound: driver !== undefined || mini !== undefined,
    troubleshooting: [
      'MiniBrowser needs an X display: with DISPLAY unset (or xvfb "always") the provider starts a private Xvfb per browser and removes it after.',
      'MiniBrowser is not on PATH on Debian: it sits in /usr/lib/<arch>/webkit2gtk-4.1/; MINIBROWSER_PATH overrides the search.',
      TROUBLE,
    ],
  });
}
