import type { Held } from './record-indexes.js';
import { encodeId, encodePosition, valueKey } from './index-format.js';
import { isRun, NotKept, type ListSource } from './index-write.js';
import type { NamedOrder, Order } from './ordered.js';
import type { ListKind, PersistedList, Position } from './types.js';
import type { State } from './state.js';
import { keptTables, type Row } from './store.js';

const keyOfValue = (v: unknown): string => {
  const k = valueKey(v);
  if (k === undefined) throw new NotKept();
  return k;
};

/** An order's entry as kept: only string and number keys are (SortKey), else the list is not kept. */
const keptPosition = (p: Position): Buffer => {
  if (typeof p.k !== 'string' && !(typeof p.k === 'number' && !Number.isNaN(p.k))) throw new NotKept();
  return encodePosition(p);
};

/** A held list as the index writes it: runs the file holds are copied, the rest encoded. */
function fromHeld(table: string, key: string, h: Held): ListSource {
  const base = { table, key, kind: h.kind };
  switch (h.kind) {
    case 'order': {
      const seqChanges = h.x.seqChanges();
      return {
        ...base,
        next: h.x.nextSeq,
        groups: (fn) =>
          h.x.eachGroupRuns((g, runs) =>
            fn(
              g,
              runs.map((r) => (isRun(r) ? r : keptPosition(r))),
            ),
          ),
        ...(seqChanges ? { seqChanges: () => seqChanges } : { seqs: (fn: (id: string, s: number) => void) => h.x.eachSeq(fn) }),
      };
    }
    case 'index':
    case 'filter':
      return {
        ...base,
        groups: (fn) =>
          h.x.eachGroupRuns((v, runs) =>
            fn(
              keyOfValue(v),
              runs.map((r) => (typeof r === 'string' ? encodeId(r) : r)),
            ),
          ),
      };
    case 'count':
      return { ...base, groups: (fn) => h.x.eachGroup((v, n) => fn(keyOfValue(v), n)) };
  }
}

/** A list of the old index copied as it is (its table unchanged since), section by section. */
function copied(table: string, key: string, file: PersistedList): ListSource {
  const kind = file.kind;
  return {
    table,
    key,
    kind,
    ...(kind === 'order' ? { next: file.next, seqChanges: () => ({ old: file.seqsEncoded(), replaced: new Set<string>(), added: [] }) } : {}),
    groups: (fn) => file.eachGroup((g, fg) => fn(g, kind === 'count' ? fg.count : [fg.encoded(0, fg.count)])),
  };
}

function parseKey(key: string): { kind: ListKind; field: string; name: string } {
  const [kind, field = '', name = ''] = key.split(':');
  return { kind: kind as ListKind, field, name };
}

/**
 * The lists to keep in the index of a snapshot written of `state`: those it holds, those of the
 * tables declared with orders or kept indexes (read from the old index, else built by a walk),
 * and the rest of the old index's: field indexes are brought up to date, others copied when
 * their table is unchanged (a list whose declaration this process has not loaded is otherwise
 * dropped, and built again by the first process that asks for it).
 */
export function listsToKeep(state: State): ListSource[] {
  const named = new Map<string, { table: string; key: string; h: Held }>();
  for (const k of keptTables()) {
    const t = k.table;
    const name = t.name;
    for (const [o, order] of Object.entries(t.orders ?? {})) state.ordered(name, { name: o, order: order as Order<Row> } satisfies NamedOrder);
    for (const f of k.fields) {
      state.index(name, f);
      for (const [fname, test] of Object.entries(t.filters ?? {})) {
        state.filtered(name, f, { name: fname, test: test as (row: Row) => boolean });
        state.counts(name, f, { name: fname, test: test as (row: Row) => boolean });
      }
    }
  }
  for (const { table, key } of state.file?.listKeys() ?? []) {
    const { kind, field } = parseKey(key);
    if (kind === 'index') state.index(table, field);
  }
  state.indexes.each((table, key, h) => named.set(`${table}\u0000${key}`, { table, key, h }));
  const out = [...named.values()].map(({ table, key, h }) => fromHeld(table, key, h));
  for (const { table, key } of state.file?.listKeys() ?? []) {
    if (named.has(`${table}\u0000${key}`) || state.changed(table)) continue;
    const file = state.file?.list(table, key);
    if (file) out.push(copied(table, key, file));
  }
  return out;
}
