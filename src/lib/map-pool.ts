/**
 * `fn` over `items` with at most `limit` calls under way, answered in the items' order. After a
 * failure no call starts; the first failure is thrown once the calls under way have settled, so
 * none is left running. Hand-written: the packages that do this (p-map, p-limit) are ES modules
 * only, for a dozen lines.
 */
export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T, i);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed) throw failed.error;
  return out;
}
