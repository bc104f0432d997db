export interface LoggedRequest {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  endpoint?: string;
}

/**
 * Where a path segment is a credential: a download id is the whole of a file's access control, as
 * a signed URL's signature is. The log and --log show where a request went, never such a secret.
 */
const SECRET_PREFIXES: readonly string[] = ['/_gbctl/blobs/'];
const SECRET_SEGMENTS: readonly RegExp[] = SECRET_PREFIXES.map((p) => new RegExp(`^(${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})[^/]+`));
export const REDACTED = '[redacted]';
/** What routing a path changes besides escaping characters and cutting a fragment: dot segments (%2e too), backslashes, tabs and newlines. */
const ROUTING_CHANGES = /[.\\%\t\n\r]/;

/**
 * A request path as it may be recorded: credentials replaced. The path is read as the server
 * routes it (dot segments applied, backslashes as slashes), so that no spelling of a download's
 * address slips its id into the log.
 */
export function redactPath(path: string): string {
  // The server reads a target without a leading slash as if it had one (app.ts, requestTarget).
  const slashed = path.startsWith('/') ? path : `/${path}`;
  // Escaping and cutting a fragment cannot make a secret's prefix of a path that lacks it: such
  // a path is recorded as sent without being parsed, which every request would otherwise pay.
  if (!ROUTING_CHANGES.test(path) && !SECRET_PREFIXES.some((p) => slashed.startsWith(p))) return path;
  let routed = path;
  try {
    routed = new URL(`http://local${slashed}`).pathname;
  } catch {
    // not a path the server routes: kept as sent
  }
  const re = SECRET_SEGMENTS.find((r) => r.test(routed));
  return re ? routed.replace(re, `$1${REDACTED}`) : path;
}

/** A request as the server records it: `at` in milliseconds since the epoch, `time` made from it when read. */
export type ReceivedRequest = Omit<LoggedRequest, 'time'> & { at: number };

function logged(r: ReceivedRequest): LoggedRequest {
  const e: LoggedRequest = { time: new Date(r.at).toISOString(), method: r.method, path: r.path, status: r.status, ms: r.ms };
  if (r.endpoint !== undefined) e.endpoint = r.endpoint;
  return e;
}

/**
 * The most recent requests, oldest first; a bounded ring so memory stays flat under load. Each
 * is kept as received and its time written out when read: most are overwritten unread.
 */
export class RequestLog {
  private ring: ReceivedRequest[] = [];
  private next = 0;

  constructor(
    readonly capacity = 1000,
    private onEntry?: (e: LoggedRequest) => void,
  ) {}

  add(entry: ReceivedRequest): void {
    entry.path = redactPath(entry.path);
    if (this.ring.length < this.capacity) this.ring.push(entry);
    else this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.onEntry?.(logged(entry));
  }

  entries(limit = this.capacity): LoggedRequest[] {
    const ordered = this.ring.length < this.capacity ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.slice(-limit).map(logged);
  }

  clear(): void {
    this.ring = [];
    this.next = 0;
  }
}
