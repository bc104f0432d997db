import { CliError, Exit } from '../../src/cli/exit-codes.js';

/**
 * A socket that cannot be bound is a server-side failure (exit 8), said with the address: a busy
 * port most of all, which a CI job meets when a server from an earlier step is still up.
 */
export function listenError(host: string, port: number, err: unknown, what = 'gbctl serve'): CliError {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE')
    return new CliError(
      `port ${port} on ${host} is in use (another ${what}?)`,
      Exit.server,
      `stop what listens there, or pick another port (--port 0 picks a free one)`,
    );
  if (e.code === 'EACCES')
    return new CliError(
      `not allowed to listen on port ${port} on ${host}`,
      Exit.server,
      'ports below 1024 need privileges: pick another port (--port 0 picks a free one)',
    );
  if (e.code === 'EADDRNOTAVAIL')
    return new CliError(
      `cannot listen on ${host}: no interface of this machine has that address`,
      Exit.server,
      'give an address of this machine with --host, e.g. 127.0.0.1',
    );
  return new CliError(`cannot listen on ${host}:${port}: ${e.message}`, Exit.server);
}
