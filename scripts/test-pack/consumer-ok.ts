// Must type-check against the packed .d.ts files: the params and results of the method table.
import { createProvider, type CallResult } from '@browser-provider/client';

const provider = await createProvider({ browser: 'firefox', allowEval: false, uploadRoots: [] });
const session = await provider.call('session.ensure', { client_session_id: 'typed' });
if (session.ok) {
  const page: CallResult<'page.open'> = await provider.call('page.open', { session_id: session.result.session_id, url: 'http://127.0.0.1/' });
  if (page.ok) console.log(page.result.page_id.toUpperCase());
  else console.log(page.error.code, page.error.message);
}
await provider.close();
