import { closeSync } from 'node:fs';
import { StoreError } from './errors.js';
import { readInto } from './files.js';
import type { ScannedTable } from './scan.js';
import type { Row } from './store.js';

/** A run of records read in one go is at most this many bytes. */
const RUN_BYTES = 4 * 1024 * 1024;

/** The records of one table in a RowFile: slots `first` to `first + ids.length - 1`, in file order. */
export interface FileTable {
  name: string;
  ids: string[];
  first: number;
}

/**
 * The records of a snapshot gbctl wrote (its checksum held), left in the file and read when
 * asked for: a store of any size costs memory for its ids and positions only. The file is open
 * for as long as something refers to it; it is never written, and a compaction replaces it by
 * renaming another over its name, so the open file still holds these bytes.
 */
export class RowFile {
  private refs = 1;

  constructor(
    private readonly fd: number,
    readonly path: string,
    readonly tables: FileTable[],
    private readonly starts: Float64Array,
    private readonly lengths: Uint32Array,
  ) {}

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
  texts(slots: number[]): Buffer[] {
    const out: Buffer[] = [];
    for (let i = 0; i < slots.length; ) {
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

  rows(slots: number[]): Row[] {
    return this.texts(slots).map((t, i) => this.parse(t, slots[i] as number));
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
