/** How many files of one reason are named one by one; the rest are counted. */
const NAMED = 10;

/**
 * The lines that say what an import left out, on stderr: each file with its reason, up to ten
 * of a reason, then how many more (a repository's orphan uploads run to hundreds).
 */
export function leftOutLines(skipped: readonly { path: string; reason: string }[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const s of skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.path]);
  const out: string[] = [];
  for (const [reason, paths] of byReason) {
    for (const p of paths.slice(0, NAMED)) out.push(`skipped ${p}: ${reason}`);
    if (paths.length > NAMED) out.push(`skipped ${paths.length - NAMED} more: ${reason}`);
  }
  return out;
}
