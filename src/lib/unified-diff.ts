type Op = { kind: ' ' | '-' | '+'; line: string };

/** Line operations turning `a` into `b` (longest common subsequence; pages are small). */
function operations(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // Too large for a table: show it all as replaced.
  if (n * m > 4_000_000) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++] as string });
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: a[i++] as string });
    else ops.push({ kind: '+', line: b[j++] as string });
  }
  return ops;
}

const lines = (s: string) => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));

/** A unified diff (3 lines of context) of two texts, with `--- a/path` / `+++ b/path` headers. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, context = 3): string {
  const ops = operations(lines(before ?? ''), lines(after ?? ''));
  const out = [`--- ${before === undefined ? '/dev/null' : `a/${path}`}`, `+++ ${after === undefined ? '/dev/null' : `b/${path}`}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.kind === ' ') {
      k++;
      continue;
    }
    const start = Math.max(0, k - context);
    let end = k;
    // Extend the hunk while changes are closer than twice the context.
    while (end < ops.length) {
      if (ops[end]!.kind !== ' ') {
        end++;
        continue;
      }
      let run = end;
      while (run < ops.length && ops[run]!.kind === ' ') run++;
      if (run === ops.length || run - end > 2 * context) {
        end = Math.min(ops.length, end + context);
        break;
      }
      end = run;
    }
    const hunk = ops.slice(start, end);
    const aStart = ops.slice(0, start).filter((o) => o.kind !== '+').length;
    const bStart = ops.slice(0, start).filter((o) => o.kind !== '-').length;
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    k = end;
  }
  return `${out.join('\n')}\n`;
}
