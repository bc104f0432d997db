/** The store cannot be opened or written; the message says why and what to do. */
export class StoreError extends Error {
  override name = 'StoreError';
}
