/** A list endpoint's answer as the command line walks it: its items, and the next page's token. */
export interface ListAnswer {
  items: unknown[];
  next?: { page: string };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * `res`, the answer of endpoint `id`, read as a list's. The client has read it with the endpoint's
 * own schema, so an answer without items means a command walked an endpoint that does not list.
 */
export function listAnswer(res: unknown, id: string): ListAnswer {
  const items = isRecord(res) ? res.items : undefined;
  if (!Array.isArray(items)) throw new Error(`${id} answered no list of items`);
  const next = isRecord(res) && isRecord(res.next) ? res.next.page : undefined;
  return typeof next === 'string' ? { items, next: { page: next } } : { items };
}

/** The items of a list that are objects: what a list of the API's objects holds. */
export function records(items: unknown[]): Record<string, unknown>[] {
  return items.filter(isRecord);
}
