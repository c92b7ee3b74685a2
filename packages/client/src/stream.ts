import { openChannel, type StdioOptions, type StdioStreams } from './channel';
import { ClientClosedError, ProviderClosedError } from './errors';
import type { StreamProvider } from './types';

export type { StdioOptions, StdioStreams } from './channel';

/**
 * A typed client over any stream pair speaking the protocol's newline-delimited JSON (a child's
 * stdio, a socket). When `input` ends, the calls still waiting reject with ProviderClosedError.
 * `close()` ends `output`; calls made after it reject with ClientClosedError.
 */
export function connectStdio(streams: StdioStreams, options: StdioOptions = {}): StreamProvider {
  const channel = openChannel(streams, options, () => channel.end((method) => new ProviderClosedError(method)));
  return {
    ...channel.calls,
    close: async () => {
      streams.output.end();
      channel.end((method) => new ClientClosedError(method));
    },
  };
}
