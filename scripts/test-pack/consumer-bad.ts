// Must NOT type-check: each call misuses a param of the method table (test-pack counts the errors).
import { createProvider } from '@browser-provider/client';

const provider = await createProvider({ browser: 'firefox' });
await provider.call('page.open', { session_id: 's', url: 42 });
await provider.call('page.snapshot', { page_id: 'p1' });
await provider.call('page.clik', { session_id: 's' });
