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
  try {
    if (job.kind === 'pdf') {
      pdfTask(job).then(
        (value) => parentPort?.postMessage({ id, ok: true, value }, value.state === 'ok' ? [value.bytes.buffer as ArrayBuffer] : []),
        (e: unknown) => parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) }),
      );
      return;
    }
    const value = job.kind === 'render' ? renderTask(job) : searchTask(job);
    // A search index moved in turns (search-task.ts) answers when the move ends.
    if (value instanceof Promise) {
      value.then(
        (v: unknown) => parentPort?.postMessage({ id, ok: true, value: v }),
        (e: unknown) => parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) }),
      );
      return;
    }
    parentPort?.postMessage({ id, ok: true, value });
  } catch (e) {
    parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
