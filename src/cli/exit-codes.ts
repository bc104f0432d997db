/** The exit codes gbctl documents in `gbctl help exit-codes`. */
export const Exit = {
  ok: 0,
  error: 1,
  usage: 2,
  cancelled: 3,
  auth: 4,
  notFound: 5,
  conflict: 6,
  rateLimited: 7,
  server: 8,
} as const;

/** The exit code of an HTTP status: a request the server refused as invalid is a usage error, as when gbctl refuses it itself. */
export function exitForStatus(status: number): number {
  if (status === 400 || status === 422) return Exit.usage;
  if (status === 401 || status === 403) return Exit.auth;
  if (status === 404) return Exit.notFound;
  if (status === 409 || status === 412) return Exit.conflict;
  if (status === 429) return Exit.rateLimited;
  if (status >= 500) return Exit.server;
  return Exit.error;
}

/** A failure the CLI reports as-is with a chosen exit code. */
export class CliError extends Error {
  override name = 'CliError';
  /** The HTTP status of the answer this failure reports, when there was one (`.error.status` with --json). */
  readonly status: number | undefined;
  constructor(
    message: string,
    readonly exitCode: number = Exit.error,
    readonly hint?: string,
    more: { status?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, more.cause === undefined ? undefined : { cause: more.cause });
    this.status = more.status;
  }
}

export const usageError = (message: string, hint?: string) => new CliError(message, Exit.usage, hint);
