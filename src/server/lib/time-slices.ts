/**
 * Long work on the thread that answers requests, done in slices: each call of the function
 * `timeSlices` answers lets the event loop turn (other requests are answered) once the slice has
 * run `ms`, and costs nothing before. Parsing every page of a 1,000-page revision for its links
 * took the whole server for 0.5 s.
 */
export function timeSlices(ms = 8): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < ms) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
