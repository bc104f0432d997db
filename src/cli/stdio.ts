import { fstatSync, statSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';

/** Where a command writes: standard output or error. */
export interface Output {
  write(chunk: string | Uint8Array): boolean;
  isTTY?: boolean;
}

/**
 * Whether `fd` is a terminal. A file, a pipe, a socket or /dev/null is told apart by fstat, so
 * node:tty (which loads node:net and the whole stream stack) is loaded only for a character
 * device that may be a terminal.
 */
export function isTerminal(fd: number): boolean {
  let st;
  try {
    st = fstatSync(fd);
  } catch {
    return false;
  }
  if (!st.isCharacterDevice()) return false;
  try {
    if (st.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    // no /dev/null on this system: ask node:tty
  }
  return isatty(fd);
}

/**
 * Standard output or error off a terminal, written straight to its descriptor: what Node's own
 * stream does for a file, and, for a pipe, what it does on Linux and macOS (pipes are written
 * synchronously there), without building the stream. A pipe another process left non-blocking
 * and full (EAGAIN) hands this and every later write to Node's stream, which waits for it.
 */
export class DescriptorOutput implements Output {
  readonly isTTY = false;
  private stream: NodeJS.WriteStream | undefined;

  constructor(
    private readonly fd: number,
    private readonly streamOf: () => NodeJS.WriteStream,
    /** The reader went away (EPIPE). */
    private readonly closed: () => void,
  ) {}

  write(chunk: string | Uint8Array): boolean {
    if (this.stream) return this.stream.write(chunk);
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (rest.length > 0) {
      try {
        rest = rest.subarray(writeSync(this.fd, rest));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EPIPE') {
          this.closed();
          return false;
        }
        if (code !== 'EAGAIN') throw e;
        this.stream = this.streamOf();
        return this.stream.write(rest);
      }
    }
    return true;
  }
}

/**
 * Standard output or error: Node's stream on a terminal, the descriptor itself otherwise.
 * `closed` is called when the reader goes away (EPIPE), whichever writes.
 */
export function processOutput(fd: 1 | 2, closed: () => void): Output {
  const stream = () => {
    const s = fd === 1 ? process.stdout : process.stderr;
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      closed();
    });
    return s;
  };
  return isTerminal(fd) ? stream() : new DescriptorOutput(fd, stream, closed);
}

/** What a prompt draws on: standard error's stream, also when its writes go straight to the descriptor. */
export function promptOutput(stderr: Output): NodeJS.WritableStream {
  return stderr instanceof DescriptorOutput ? process.stderr : (stderr as NodeJS.WritableStream);
}
