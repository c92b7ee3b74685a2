import type { Backend } from './backend';
import { startProvider, type ProviderServerOptions } from './provider-server';
import { serveStdio } from './transport/stdio';

/**
 * Runs a provider on this process's stdin/stdout, over one engine or several (the first the default;
 * see createProviderServer). When stdin closes, or on SIGINT/SIGTERM, every session ends and every
 * engine's processes are stopped before the process exits.
 */
export async function runStdioServer(backends: Backend | readonly Backend[], options: ProviderServerOptions = {}): Promise<void> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider] ${m}\n`));
  const { provider } = startProvider(backends, { ...options, log });
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
