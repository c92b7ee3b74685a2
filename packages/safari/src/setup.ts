import { ProviderError } from '@browser-provider/core/toolkit';

/** What a person must do once, per platform. Shared by status() and the errors launching throws. */
export const LINUX_INSTALL_STEPS = [
  'Install WebKitGTK\'s WebDriver and MiniBrowser and a virtual X server: `sudo apt-get install webkit2gtk-driver xvfb` (Debian/Ubuntu).',
];

export const SAFARI_AUTOMATION_STEPS = [
  'Run `safaridriver --enable` once (admin password)',
  'Safari ▸ Settings ▸ Advanced ▸ Show features for web developers, then Develop ▸ Allow Remote Automation',
];

export function setupRequired(message: string, steps: string[], detail: string): ProviderError {
  return new ProviderError('setup_required', message, {
    detail,
    details: { manual_steps: steps },
    repair: { method: 'provider.status', params: {}, hint: 'Follow details.manual_steps, then check provider.status.' },
  });
}
