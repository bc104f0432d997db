import { closeSync } from 'node:fs';
import { RowCache, type Base } from './base.js';
import { StoreError } from './errors.js';
import type { PersistedList } from './types.js';
import { readInto, runSteps } from './files.js';
import type { ScannedTable } from './scan.js';
import type { Row } from './store.js';

/** Records read together by a walk, and given as one step of a table's text (see textSteps). */
const BATCH = 512;

/** A run of records read in one go is at most this many bytes. */
const RUN_BYTES = 4 * 1024 * 1024;

/** The records of one table in a RowFile: slots `first` to `first + ids.length - 1`, in file order. */
export interface FileTable {
  name: string;
  ids: string[];
  first: number;
}

/**
 * The records of a snapshot gbctl wrote (its checksum held) as found by scanning it, left in the
 * file and read when asked for: the store costs memory for its ids and positions. Used when the
 * snapshot has no index beside it that matches (see IndexedFile). The file is open for as long as
 * something refers to it; it is never written, and a compaction replaces it by renaming another
 * over its name, so the open file still holds these bytes.
 */
export class RowFile implements Base {
  private refs = 1;
  private readonly byName = new Map<string, FileTable>();
  /** Slots by id, per table, made on the first lookup in the table. */
  private readonly slots = new Map<string, Map<string, number>>();
  private readonly cache = new RowCache();
  /** The snapshot's checksum as its header gives it (the index names the snapshot by it). */
  checksum: string | undefined;

  constructor(
    private readonly fd: number,
    readonly path: string,
    readonly tables: FileTable[],
    private readonly starts: Float64Array,
    private readonly lengths: Uint32Array,
  ) {
    for (const t of tables) this.byName.set(t.name, t);
  }

  names(): string[] {
    return this.tables.map((t) => t.name);
  }

  size(table: string): number {
    return this.byName.get(table)?.ids.length ?? 0;
  }

  private slotOf(table: string, id: string): number | undefined {
    let m = this.slots.get(table);
    if (!m) {
      const t = this.byName.get(table);
      if (!t) return undefined;
      m = new Map();
      for (let i = 0; i < t.ids.length; i++) m.set(t.ids[i] as string, t.first + i);
      this.slots.set(table, m);
    }
    return m.get(id);
  }

  has(table: string, id: string): boolean {
    return this.slotOf(table, id) !== undefined;
  }

  row(table: string, id: string): Row | undefined {
    const slot = this.slotOf(table, id);
    if (slot === undefined) return undefined;
    let row = this.cache.get(table, id);
    if (!row) this.cache.set(table, id, (row = this.rowsAt([slot])[0] as Row));
    return row;
  }

  rows(table: string, ids: readonly string[]): (Row | undefined)[] {
    const out = new Array<Row | undefined>(ids.length);
    const slots: number[] = [];
    const at: number[] = [];
    ids.forEach((id, k) => {
      const slot = this.slotOf(table, id);
      if (slot === undefined) return;
      const hit = this.cache.get(table, id);
      if (hit) out[k] = hit;
      else {
        slots.push(slot);
        at.push(k);
      }
    });
    this.rowsAt(slots).forEach((row, i) => {
      out[at[i] as number] = row;
      if (ids.length <= 64) this.cache.set(table, ids[at[i] as number] as string, row);
    });
    return out;
  }

  walk(table: string, fn: (id: string, row: Row) => void): void {
    for (const { ids, slots } of this.batches(table)) this.rowsAt(slots).forEach((row, k) => fn(ids[k] as string, row));
  }

  texts(table: string, fn: (id: string, text: Buffer) => void): void {
    runSteps(this.textSteps(table, fn));
  }

  *textSteps(table: string, fn: (id: string, text: Buffer) => void): Generator<void, void> {
    for (const { ids, slots } of this.batches(table)) {
      this.textsOf(slots).forEach((text, k) => fn(ids[k] as string, text));
      yield;
    }
  }

  /** A table's records in batches of BATCH, their ids and slots: neighbours read together. */
  private *batches(table: string): Generator<{ ids: string[]; slots: number[] }> {
    const t = this.byName.get(table);
    if (!t) return;
    for (let i = 0; i < t.ids.length; i += BATCH) {
      const ids = t.ids.slice(i, i + BATCH);
      yield { ids, slots: ids.map((_, k) => t.first + i + k) };
    }
  }

  /** Where each table's records lie in the file (to write an index of it). */
  placed(): { name: string; ids: string[]; starts: number[]; ends: number[] }[] {
    return this.tables.map((t) => {
      const starts: number[] = [];
      const ends: number[] = [];
      for (let i = 0; i < t.ids.length; i++) {
        const s = this.starts[t.first + i] as number;
        starts.push(s);
        ends.push(s + (this.lengths[t.first + i] as number));
      }
      return { name: t.name, ids: t.ids, starts, ends };
    });
  }

  list(): PersistedList | undefined {
    return undefined;
  }

  listKeys(): { table: string; key: string }[] {
    return [];
  }

  /** From a scan of the file's bytes, where the scanned buffer began at file offset `base`. */
  static fromScan(fd: number, path: string, scanned: ScannedTable[], base: number): RowFile {
    const n = scanned.reduce((a, t) => a + t.ids.length, 0);
    const starts = new Float64Array(n);
    const lengths = new Uint32Array(n);
    const tables: FileTable[] = [];
    let slot = 0;
    for (const t of scanned) {
      tables.push({ name: t.name, ids: t.ids, first: slot });
      for (let i = 0; i < t.ids.length; i++, slot++) {
        starts[slot] = base + (t.starts[i] as number);
        lengths[slot] = (t.ends[i] as number) - (t.starts[i] as number);
      }
    }
    return new RowFile(fd, path, tables, starts, lengths);
  }

  retain(): this {
    this.refs++;
    return this;
  }

  release(): void {
    if (--this.refs === 0) closeSync(this.fd);
  }

  /** The JSON text of each slot, in order; contiguous slots are read together. */
  textsOf(slots: number[]): Buffer[] {
    const out: Buffer[] = [];
    for (let i = 0; i < slots.length;) {
      const first = slots[i] as number;
      const from = this.starts[first] as number;
      let j = i + 1;
      let end = from + (this.lengths[first] as number);
      while (j < slots.length) {
        const s = slots[j] as number;
        const e = (this.starts[s] as number) + (this.lengths[s] as number);
        if ((this.starts[s] as number) < end || e - from > RUN_BYTES || (this.starts[s] as number) - end > 64) break;
        end = e;
        j++;
      }
      const buf = this.readAt(from, end - from);
      for (let k = i; k < j; k++) {
        const s = slots[k] as number;
        const at = (this.starts[s] as number) - from;
        out.push(buf.subarray(at, at + (this.lengths[s] as number)));
      }
      i = j;
    }
    return out;
  }

  rowsAt(slots: number[]): Row[] {
    return this.textsOf(slots).map((t, i) => this.parse(t, slots[i] as number));
  }

  private parse(text: Buffer, slot: number): Row {
    try {
      return Object.freeze(JSON.parse(text.toString('utf8')) as Row);
    } catch (e) {
      throw new StoreError(`the store ${this.path} changed under gbctl (record ${slot} no longer reads: ${(e as Error).message}); run the command again`);
    }
  }

  private readAt(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    if (readInto(this.fd, buf, position) < length) throw new StoreError(`the store ${this.path} was cut short under gbctl; run the command again`);
    return buf;
  }
}
