/** A protocol-level failure the fake answers with, shaped like the real ProviderError's envelope. */
export class FakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly retryable = false,
  ) {
    super(message);
  }
}
