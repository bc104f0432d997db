export interface LoggedRequest {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  endpoint?: string;
}

/** The most recent requests, oldest first; a bounded ring so memory stays flat under load. */
export class RequestLog {
  private ring: LoggedRequest[] = [];
  private next = 0;

  constructor(
    readonly capacity = 1000,
    private onEntry?: (e: LoggedRequest) => void,
  ) {}

  add(e: LoggedRequest): void {
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
