import { parentPort } from 'node:worker_threads';
import type { Job } from './lib/workers/protocol.js';
import { searchTask } from './lib/workers/search-task.js';
import { pdfTask } from './lib/render/pdf-job.js';
import { renderTask } from './web/render-task.js';

/**
 * The entry of the server's worker threads (lib/workers/thread.ts starts them): jobs come in
 * one at a time, in order, and each answer goes back with the job's id. A render or a search is
 * done before the next job is read, but for a search index built in turns, whose answer comes
 * when it is built; a PDF (the pdf thread's only kind of job) awaits pdf-lib's steps, so two
 * asked at once are laid out in turns.
 */
parentPort?.on('message', ({ id, job }: { id: number; job: Job }) => {
  let value: unknown;
  try {
    value = job.kind === 'pdf' ? pdfTask(job) : job.kind === 'render' ? renderTask(job) : searchTask(job);
  } catch (e) {
    return fail(id, e);
  }
  const handOver = job.kind === 'pdf';
  if (value instanceof Promise)
    value.then(
      (v: unknown) => answer(id, v, handOver),
      (e: unknown) => fail(id, e),
    );
  else answer(id, value, handOver);
});

/** `handOver`: the answer's bytes (a PDF's) are moved to the other thread, not copied. */
function answer(id: number, value: unknown, handOver: boolean): void {
  const bytes = handOver ? (value as { bytes?: unknown } | undefined)?.bytes : undefined;
  parentPort?.postMessage({ id, ok: true, value }, bytes instanceof Uint8Array ? [bytes.buffer as ArrayBuffer] : []);
}

function fail(id: number, e: unknown): void {
  parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
}
