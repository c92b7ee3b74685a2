import { raise, type ErrorEntry, type ProviderError } from '@browser-provider/core/toolkit';

/** What a person must do once, per platform. Shared by status() and the errors launching throws. */
export const LINUX_INSTALL_STEPS = [
  'Install WebKitGTK\'s WebDriver and MiniBrowser and a virtual X server: `sudo apt-get install webkit2gtk-driver xvfb` (Debian/Ubuntu).',
];

export const SAFARI_AUTOMATION_STEPS = [
  'Run `safaridriver --enable` once (admin password)',
  'Safari ▸ Settings ▸ Advanced ▸ Show features for web developers, then Develop ▸ Allow Remote Automation',
];

/** A setup_required cause of the catalog (browser_missing, driver_missing, …), with the steps that fix it. */
export function setupRequired(message: string, steps: string[], entry: ErrorEntry): ProviderError {
  return raise(entry, message, undefined, { details: { manual_steps: steps } });
}
