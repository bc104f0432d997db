export interface LoggedRequest {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  endpoint?: string;
}

/**
 * Path segments that are credentials: a download id is the whole of a file's access control, as
 * a signed URL's signature is. The log and --log show where a request went, never such a secret.
 */
const SECRET_SEGMENTS: readonly RegExp[] = [/^(\/_gbctl\/blobs\/)[^/]+/];
export const REDACTED = '[redacted]';

/**
 * A request path as it may be recorded: credentials replaced. The path is read as the server
 * routes it (dot segments applied, backslashes as slashes), so that no spelling of a download's
 * address slips its id into the log.
 */
export function redactPath(path: string): string {
  let routed = path;
  try {
    routed = new URL(`http://local${path.startsWith('/') ? '' : '/'}${path}`).pathname;
  } catch {
    // not a path the server routes: kept as sent
  }
  const re = SECRET_SEGMENTS.find((r) => r.test(routed));
  return re ? routed.replace(re, `$1${REDACTED}`) : path;
}

/** The most recent requests, oldest first; a bounded ring so memory stays flat under load. */
export class RequestLog {
  private ring: LoggedRequest[] = [];
  private next = 0;

  constructor(
    readonly capacity = 1000,
    private onEntry?: (e: LoggedRequest) => void,
  ) {}

  add(entry: LoggedRequest): void {
    const e = { ...entry, path: redactPath(entry.path) };
    if (this.ring.length < this.capacity) this.ring.push(e);
    else this.ring[this.next] = e;
    this.next = (this.next + 1) % this.capacity;
    this.onEntry?.(e);
  }

  entries(limit = this.capacity): LoggedRequest[] {
    const ordered = this.ring.length < this.capacity ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.slice(-limit);
  }

  clear(): void {
    this.ring = [];
    this.next = 0;
  }
}
