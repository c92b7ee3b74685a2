import type { Backend } from './backend';
import { Provider, type ProviderOptions } from './provider';
import { serveStdio } from './transport/stdio';

/**
 * Runs a provider on this process's stdin/stdout. When stdin closes, or on SIGINT/SIGTERM, every
 * session ends and the backend's processes are stopped before the process exits.
 */
export async function runStdioServer(backend: Backend, options: Omit<ProviderOptions, 'backend'> = {}): Promise<void> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider] ${m}\n`));
  const provider = new Provider({ ...options, backend, log });
  const { done, dispatcher } = serveStdio(provider, { input: process.stdin, output: process.stdout });
  let stopping: Promise<void> | undefined;
  const stop = (why: string) => {
    stopping ??= (async () => {
      log(`stopping: ${why}`);
      dispatcher.abortAll();
      await provider.shutdown(why).catch((e: unknown) => log(`shutdown: ${String(e)}`));
    })();
    return stopping;
  };
  const onSignal = (sig: NodeJS.Signals) => {
    void stop(`received ${sig}`).then(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await done;
  await stop('stdin closed');
}
