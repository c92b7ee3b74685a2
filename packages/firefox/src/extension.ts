import { defineCustomMethod, type PathKind } from '@browser-provider/core/backend';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import { bidiSessionOf, type BidiParams } from '@browser-provider/bidi';
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
 * browser-wide: a content script on `<all_urls>` reads every session's pages, cookies and storage.
 * So it is gated behind `--allow-extensions`, and a path is confined to `--upload-root` like an
 * upload's, refused without telling whether it exists.
 */
export const installExtension = defineCustomMethod({
  name: 'firefox.install_extension',
  description:
    'Install a temporary WebExtension (unpacked directory or archive under an --upload-root, or a base64 archive) into the running Firefox. Browser-wide: it can read every session\'s pages, so the server must be started with --allow-extensions.',
  stability: 'experimental',
  params: InstallExtensionParams,
  result: InstallExtensionResult,
  sessionScoped: true,
  mutating: true,
  gate: 'allow-extensions',
  async handle(p, ctx) {
    const confine = (path: string, field: string, kind: PathKind) => {
      if (ctx.confinePath === undefined) throw raise(ERRORS.path_not_allowed, `${field}: server paths are not available here`, { method: 'firefox.install_extension' }, { details: { field } });
      return ctx.confinePath(path, field, kind);
    };
    // The schema's refine leaves exactly one of the three set.
    const extensionData: BidiParams<'webExtension.install'>['extensionData'] =
      p.path !== undefined
        ? { type: 'path', path: confine(p.path, 'path', 'directory') }
        : p.archive_path !== undefined
          ? { type: 'archivePath', path: confine(p.archive_path, 'archive_path', 'file') }
          : { type: 'base64', value: p.archive_base64 ?? '' };
    const s = bidiSessionOf(ctx);
    if (s.attached) {
      throw raise(ERRORS.attached_browser, 'Refusing to install an extension into a browser this provider did not launch.', undefined);
    }
    const r = await s.browser.conn.send('webExtension.install', { extensionData }, ctx.signal);
    return { extension_id: r.extension };
  },
});
