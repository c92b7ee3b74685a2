import { MEDIA_FEATURE_NAMES, type MediaOverrides, type ParamsOf, type ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { mediaFeaturesOf, unsupportedOption } from '../toolkit/engine-options';

/**
 * How a page renders: `page.emulate_media` (the CSS media features and type) and `page.pdf`. Engines
 * emulate different features (Chrome every one through CDP; BiDi has no media emulation yet), so the
 * backend lists what it does (`mediaFeatures()`), describe says so, and a call naming another feature
 * is refused before any override changes.
 */

export async function emulateMedia(provider: Provider, session: Session, page: PageHandle, p: ParamsOf<'page.emulate_media'>, signal: AbortSignal): Promise<ResultOf<'page.emulate_media'>> {
  const engine = provider.engineOf(session);
  const offered = mediaFeaturesOf(engine);
  if (page.backend.emulateMedia === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot emulate media features.', undefined);
  for (const f of MEDIA_FEATURE_NAMES) {
    if (p[f] === undefined || offered.includes(f)) continue;
    const others = provider.engines.list.filter((b) => b !== engine && mediaFeaturesOf(b).includes(f)).map((b) => b.info.family);
    throw unsupportedOption('page.emulate_media', 'feature', f, `its automation protocol has no way to override ${f}. Nothing was changed.`, engine.info.family, others);
  }
  const next: Record<string, string> = { ...page.mediaOverrides };
  for (const f of MEDIA_FEATURE_NAMES) {
    const v = p[f];
    if (v === null) delete next[f];
    else if (v !== undefined) next[f] = v;
  }
  await page.backend.emulateMedia(next as MediaOverrides, signal);
  page.mediaOverrides = next as MediaOverrides;
  return { page_id: page.id, emulated: next as MediaOverrides };
}

export async function printPdf(page: PageHandle, p: ParamsOf<'page.pdf'>, signal: AbortSignal): Promise<ResultOf<'page.pdf'>> {
  if (page.backend.pdf === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot print a page to PDF.', undefined);
  const data = await page.backend.pdf(
    { ...(p.landscape !== undefined ? { landscape: p.landscape } : {}), ...(p.print_background !== undefined ? { printBackground: p.print_background } : {}), ...(p.scale !== undefined ? { scale: p.scale } : {}) },
    signal,
  );
  return { page_id: page.id, data, media_type: 'application/pdf', size: Buffer.byteLength(data, 'base64') };
}
