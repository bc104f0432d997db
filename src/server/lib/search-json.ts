import type MiniSearch from 'minisearch';

/**
 * A MiniSearch index as JSON text, in pieces of bounded work, so that the search thread can write
 * a kept index a piece at a time and answer queries in between: for a 1,000-page space,
 * `toJSON` and `JSON.stringify` whole take 0.3–0.6 s, which every query waited out. The text
 * parses to what `toJSON` gives (test/server/lib/search-json.test.ts holds the two equal).
 *
 * `toJSON` has no stepwise form, so this reads the index's own fields, as `toJSON` does. An index
 * whose fields are not as expected (another version of the library) is written whole.
 */

interface Internals {
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _storedFields: Map<number, unknown>;
  _dirtCount: number;
}

/** The serialisation `toJSON` writes, which this follows field by field. */
const SERIALIZATION_VERSION = 2;

/** Work per piece: postings of the terms' lists, or characters of stored text (about 5 ms here). */
export interface PieceBudget {
  postings: number;
  chars: number;
}
const PIECE: PieceBudget = { postings: 10_000, chars: 256 * 1024 };

function internals<T>(ms: MiniSearch<T>): Internals | undefined {
  const m = ms as unknown as Partial<Internals>;
  const ok =
    m._index !== undefined &&
    typeof (m._index as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function' &&
    typeof m._documentCount === 'number' &&
    typeof m._nextId === 'number' &&
    m._documentIds instanceof Map &&
    typeof m._fieldIds === 'object' &&
    m._fieldLength instanceof Map &&
    Array.isArray(m._avgFieldLength) &&
    m._storedFields instanceof Map &&
    typeof m._dirtCount === 'number';
  return ok ? (m as Internals) : undefined;
}

/** A map as a JSON object, `budget` characters (about) a piece. */
function* objectOf<V>(map: Map<number, V>, budget: number): Generator<string> {
  let piece = '{';
  let first = true;
  for (const [k, v] of map) {
    piece += `${first ? '' : ','}"${k}":${JSON.stringify(v)}`;
    first = false;
    if (piece.length >= budget) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}}`;
}

/**
 * The JSON text of `ms.toJSON()`, a piece at a time. The index must not change until the last
 * piece is taken (queries do not change it; the caller gives up a write when it moves).
 */
export function* miniSearchJson<T>(ms: MiniSearch<T>, piece: PieceBudget = PIECE): Generator<string> {
  const m = internals(ms);
  if (!m) {
    yield JSON.stringify(ms.toJSON());
    return;
  }
  yield `{"documentCount":${m._documentCount},"nextId":${m._nextId},"documentIds":`;
  yield* objectOf(m._documentIds, piece.chars);
  yield `,"fieldIds":${JSON.stringify(m._fieldIds)},"fieldLength":`;
  yield* objectOf(m._fieldLength, piece.chars);
  yield `,"averageFieldLength":${JSON.stringify(m._avgFieldLength)},"storedFields":`;
  yield* objectOf(m._storedFields, piece.chars);
  yield `,"dirtCount":${m._dirtCount},"index":[`;
  let text = '';
  let postings = 0;
  let first = true;
  for (const [term, fieldIndex] of m._index) {
    const data: Record<number, Record<number, number>> = {};
    for (const [fieldId, freqs] of fieldIndex) {
      data[fieldId] = Object.fromEntries(freqs);
      postings += freqs.size;
    }
    text += `${first ? '' : ','}${JSON.stringify([term, data])}`;
    first = false;
    if (postings >= piece.postings) {
      yield text;
      text = '';
      postings = 0;
    }
  }
  yield `${text}],"serializationVersion":${SERIALIZATION_VERSION}}`;
}
