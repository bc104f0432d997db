import { parentPort } from 'node:worker_threads';
import type { Job } from './lib/workers/protocol.js';
import { searchTask } from './lib/workers/search-task.js';
import { renderTask } from './web/render-task.js';

/**
 * The entry of the server's worker threads (lib/workers/thread.ts starts them): jobs come in
 * one at a time, in order, and each answer goes back with the job's id.
 */
parentPort?.on('message', ({ id, job }: { id: number; job: Job }) => {
  try {
    const value = job.kind === 'render' ? renderTask(job) : searchTask(job);
    parentPort?.postMessage({ id, ok: true, value });
  } catch (e) {
    parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
