/**
 * Answers a service keeps and hands out again as they are, such as a page of search results asked
 * for again: the API encodes each one's JSON once. A kept answer is frozen, so that nothing can
 * change it after its bytes were made.
 */
const kept = new WeakSet<object>();
const encoded = new WeakMap<object, Buffer>();

function freeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) freeze(x);
}

/** Marks an answer as kept (see above) and freezes it whole; answers it. */
export function keepAnswer<T extends object>(answer: T): T {
  freeze(answer);
  kept.add(answer);
  return answer;
}

/** The JSON of an answer: a kept one's bytes, encoded the first time only; any other's text. */
export function jsonBody(answer: unknown): string | Buffer {
  if (answer === null || typeof answer !== 'object' || !kept.has(answer)) return JSON.stringify(answer);
  let bytes = encoded.get(answer);
  if (!bytes) encoded.set(answer, (bytes = Buffer.from(JSON.stringify(answer))));
  return bytes;
}
