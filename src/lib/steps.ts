/** Takes every step of `steps` at once (work written as steps to be paced elsewhere), and answers what they return. */
export function runToEnd<R>(steps: Generator<unknown, R>): R {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
