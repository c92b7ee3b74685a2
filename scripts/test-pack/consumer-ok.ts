// Must type-check against the packed .d.ts files: the params and results of the method table.
import { createProvider, type CallResult } from '@browser-provider/client';
// An engine adapter's two entries of core, with their types: what it implements, what it reuses.
import type { BackendInfo } from '@browser-provider/core/backend';
import { ProviderError } from '@browser-provider/core/toolkit';

const info: BackendInfo = { providerId: 'pack-stub', providerLabel: 'pack stub', family: 'stub', browserLabel: 'stub', engine: { name: 'stub', automation: 'none' } };
console.log(info.family, new ProviderError('internal_error', 'typed').code);

const provider = await createProvider({ browser: 'firefox', allowEval: false, uploadRoots: [] });
const session = await provider.call('session.ensure', { client_session_id: 'typed' });
if (session.ok) {
  const page: CallResult<'page.open'> = await provider.call('page.open', { session_id: session.result.session_id, url: 'http://127.0.0.1/' });
  if (page.ok) console.log(page.result.page_id.toUpperCase());
  else console.log(page.error.code, page.error.message);
}
await provider.close();
