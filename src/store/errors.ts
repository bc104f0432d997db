/** The store cannot be opened or written; the message says why and what to do. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * A file-system error met while `doing` something with the store at `path`, as a StoreError that
 * names the file and the system's reason (a full disk, a folder where a file should be, no
 * permission): the user's to fix, not a fault of gbctl. Other errors pass unchanged.
 */
export function storeFsError(e: unknown, doing: string, path: string): unknown {
  const err = e as NodeJS.ErrnoException;
  if (e instanceof StoreError || !(e instanceof Error) || typeof err.code !== 'string' || !/^E[A-Z0-9]+$/.test(err.code)) return e;
  // Node's message is "CODE: reason, syscall 'path'": keep the reason, name the file once.
  const reason = err.message.replace(/^E[A-Z0-9]+: /, '').replace(/, \w+(?: '.*')?$/, '');
  return new StoreError(`cannot ${doing} ${path}: ${err.path ?? path}: ${reason} (${err.code}${err.syscall ? `, ${err.syscall}` : ''})`);
}

/** Runs `fn`, turning file-system errors into StoreErrors that name the file (see storeFsError). */
export function withFsErrors<R>(doing: string, path: string, fn: () => R): R {
  try {
    return fn();
  } catch (e) {
    throw storeFsError(e, doing, path);
  }
}

/** withFsErrors for work that resolves later. */
export async function withFsErrorsAsync<R>(doing: string, path: string, fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (e) {
    throw storeFsError(e, doing, path);
  }
}

/**
 * The store's files are not what this process last read or wrote, and not as another gbctl
 * process leaves them: damaged, cut short, replaced or edited by something else. A process that
 * meets this after opening stops writing (see StoreReadOnly); at open, the store is refused.
 */
export class StoreDamage extends StoreError {
  override name = 'StoreDamage';
}

/** A write refused because the store is read-only: opened so, or stopped after its files changed under it. */
export class StoreReadOnly extends StoreError {
  override name = 'StoreReadOnly';
}
