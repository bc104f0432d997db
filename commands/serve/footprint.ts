import v8 from 'node:v8';
import vm from 'node:vm';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * A server's memory is mostly its store; V8's defaults favour throughput over footprint:
 * - it grows the young generation to 32 MiB while a large store loads (every record survives)
 *   and never gives it back: it is kept at its initial size until the store is loaded
 *   (favourThroughput lets it grow after);
 * - it lets the old generation grow to about twice what is live before collecting it;
 * - its optimising compiler keeps the code it makes and, on its worker threads, memory it used
 *   to make it: about 15 MiB. It stays on by default: without it search, merges and lists run
 *   several times slower; --no-jit gives the memory back.
 * These are read at run time, so they are set here, before the store loads.
 */
export function favourFootprint(jit: boolean): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=10');
  if (!jit) v8.setFlagsFromString('--no-opt');
}

/**
 * Loading a store reads the headers of its snapshot and index, but one without a matching index
 * is scanned (its ids and places listed) and one gbctl did not write as it stands parsed whole:
 * V8 would keep the garbage of that until its next full collection. Two once loaded give it back.
 */
export async function releaseLoadGarbage(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  await new Promise((r) => setImmediate(r));
  gc();
}

/** The young generation's size at which it stops growing: two semi-spaces of 8 MiB. */
export const YOUNG_CAP_BYTES = 16 * 1024 * 1024;

/**
 * Once the store is loaded, the young generation may grow again (V8's default factor) up to
 * YOUNG_CAP_BYTES: with fifty requests in flight, a small one is collected every couple of
 * hundred requests and moves what they hold into the old generation. Grown, it answered about
 * 1.15× the GETs for 20% less CPU each (`bench/machine.bench.mjs`). Left to grow to V8's 32 MiB,
 * it still grew in the third minute of a long load (`bench/soak.bench.mjs`), so it stops at the
 * cap: after each collection its size is looked at until it is reached. It is not given back.
 * `serve --no-jit`, which trades speed for memory, keeps it small.
 *
 * The old generation stays collected at 10% over what is live. Collected when doubled, a walk of
 * 100,000 spaces took about 10% less time an item (18 full collections instead of 84), but under
 * a long read-only load the resident set still rose in the third minute.
 */
export function favourThroughput(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=2');
  const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
  const watch = new PerformanceObserver(() => {
    if (young() < YOUNG_CAP_BYTES) return;
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    watch.disconnect();
  });
  watch.observe({ entryTypes: ['gc'] });
}
