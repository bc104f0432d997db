import type { Worker } from 'node:worker_threads';
import type { Job, JobResult, Reply, Role } from './protocol.js';

/**
 * A worker thread that does one kind of the server's heavy work (rendering a large page, keeping
 * search indexes) away from the thread that answers requests. Started on first use; a thread
 * that dies (an error, memory past its limit, a job over its time) fails the jobs it held and the
 * next job starts a new one. It keeps the process alive only while a job is under way.
 */

export interface ThreadOptions {
  role: Role;
  /** Ends the thread after this long without a job (its memory goes with it); never when absent. */
  idleMs?: number;
  /** The thread's heap limit, in MiB: a job past it ends the thread, not the server. */
  maxHeapMb?: number;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

export class JobThread {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private idle: ReturnType<typeof setTimeout> | undefined;
  /** Counts the threads started: state a thread kept (indexes) is gone when this moves. */
  generation = 0;

  constructor(private readonly o: ThreadOptions) {}

  /** Runs `job` on the thread; with `timeoutMs`, a job not done by then ends the thread and fails. */
  async call<J extends Job>(job: J, timeoutMs?: number): Promise<JobResult<J>> {
    const w = await this.start();
    const id = this.next++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    if (this.pending.size === 0) w.ref();
    return new Promise<JobResult<J>>((resolve, reject) => {
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject };
      if (timeoutMs !== undefined) {
        const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        p.timer = setTimeout(() => this.fail(w, new Error(`the ${this.o.role} job took more than ${limit}`)), timeoutMs);
      }
      this.pending.set(id, p);
      w.postMessage({ id, job });
    });
  }

  /** Whether a thread is up (or starting). */
  get running(): boolean {
    return !!this.worker || !!this.starting;
  }

  /** Ends the thread now; jobs under way fail. */
  async stop(): Promise<void> {
    const w = this.worker ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    if (w) this.fail(w, new Error(`the ${this.o.role} thread was stopped`));
  }

  private start(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<Worker> {
    const [{ Worker }, { workerSource }] = await Promise.all([import('node:worker_threads'), import('./source.js')]);
    const src = await workerSource();
    const w = new Worker(src.code, {
      eval: src.eval,
      workerData: { require: src.requireFrom },
      ...(this.o.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.o.maxHeapMb } } : {}),
    });
    w.unref();
    w.on('message', (m: Reply) => this.settle(w, m));
    w.on('error', (e) => this.fail(w, e));
    w.on('exit', (code) => this.fail(w, new Error(`the ${this.o.role} thread ended (exit code ${code})`)));
    this.worker = w;
    this.generation++;
    return w;
  }

  private settle(w: Worker, m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (p.timer) clearTimeout(p.timer);
    if (m.ok) p.resolve(m.value);
    else p.reject(new Error(m.error));
    this.quiet(w);
  }

  /** No job left: the process may exit, and an idle thread ends after a while. */
  private quiet(w: Worker): void {
    if (this.pending.size || this.worker !== w) return;
    w.unref();
    if (this.o.idleMs !== undefined) {
      this.idle = setTimeout(() => this.worker === w && !this.pending.size && this.fail(w, new Error('idle')), this.o.idleMs);
      this.idle.unref();
    }
  }

  private fail(w: Worker, e: Error): void {
    if (this.worker !== w) return;
    this.worker = undefined;
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    void w.terminate();
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(e);
    }
  }
}
