import type { Backend } from './backend';
import { startProvider, type ProviderServerOptions } from './provider-server';
import type { Provider } from './provider';
import { serveStdio, type StdioServerOptions } from './transport/stdio';

/**
 * Runs a provider on this process's stdin/stdout, over one engine or several (the first the default;
 * see createProviderServer). When stdin closes, or on SIGINT/SIGTERM, every session ends and every
 * engine's processes are stopped before the process exits.
 */
export async function runStdioServer(backends: Backend | readonly Backend[], options: ProviderServerOptions = {}): Promise<void> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider] ${m}\n`));
  const { provider } = startProvider(backends, { ...options, log });
  await serveUntilStopped(provider, { input: process.stdin, output: process.stdout }, { log, close: (why) => provider.shutdown(why) });
}

/** How a stdio server ends: what runs first (while the sessions are still open), and what closes it. */
export interface StopSteps {
  log: (m: string) => void;
  /** Ends every session and stops the engines. */
  close: (why: string) => Promise<void>;
  /** Runs before any call is aborted, e.g. a report's last captures; its failure is logged. */
  beforeStop?: () => Promise<void>;
}

/**
 * Serves `provider` on two streams until the input ends or SIGINT/SIGTERM comes; then, once:
 * `beforeStop`, every running call aborted, `close`. A signal exits the process (130 or 143) after.
 */
export async function serveUntilStopped(provider: Provider, streams: StdioServerOptions, steps: StopSteps): Promise<void> {
  const { log } = steps;
  const { done, dispatcher } = serveStdio(provider, streams);
  let stopping: Promise<void> | undefined;
  const stop = (why: string) => {
    stopping ??= (async () => {
      log(`stopping: ${why}`);
      await steps.beforeStop?.().catch((e: unknown) => log(`before stop: ${String(e)}`));
      dispatcher.abortAll();
      await steps.close(why).catch((e: unknown) => log(`shutdown: ${String(e)}`));
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
