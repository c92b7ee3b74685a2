import { defineCustomMethod, ProviderError } from '@browser-provider/core';
import { bidiSessionOf } from '@browser-provider/bidi';
import { z } from 'zod';

export const InstallExtensionParams = z
  .object({
    session_id: z.string().min(1),
    timeout_ms: z.number().int().positive().optional(),
    path: z.string().min(1).optional().describe('An unpacked extension directory on the machine running the browser.'),
    archive_path: z.string().min(1).optional().describe('A .xpi/.zip archive on the machine running the browser.'),
    archive_base64: z.string().min(1).optional().describe('The .xpi/.zip archive itself, base64-encoded.'),
  })
  .refine((p) => [p.path, p.archive_path, p.archive_base64].filter((v) => v !== undefined).length === 1, {
    message: 'exactly one of path, archive_path, archive_base64 is required',
  });
export const InstallExtensionResult = z.object({ extension_id: z.string() });

/**
 * WebDriver BiDi `webExtension.install`. The extension is temporary (gone with the profile) and
 * browser-wide: every session of this provider sees it.
 */
export const installExtension = defineCustomMethod({
  name: 'firefox.install_extension',
  description: 'Install a temporary WebExtension (unpacked directory, archive path, or base64 archive) into the running Firefox. Affects every session of this browser.',
  stability: 'experimental',
  params: InstallExtensionParams,
  result: InstallExtensionResult,
  sessionScoped: true,
  async handle(p, ctx) {
    const s = bidiSessionOf(ctx);
    if (s.attached) throw new ProviderError('permission_denied', 'Refusing to install an extension into a browser this provider did not launch.', { detail: 'attached_browser' });
    const extensionData =
      p.path !== undefined ? { type: 'path', path: p.path } : p.archive_path !== undefined ? { type: 'archivePath', path: p.archive_path } : { type: 'base64', value: p.archive_base64 };
    const r = await s.browser.conn.send<{ extension: string }>('webExtension.install', { extensionData }, ctx.signal);
    return { extension_id: r.extension };
  },
});
