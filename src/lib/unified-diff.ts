import { structuredPatch } from 'diff';

/*
 * jsdiff's Myers diff rather than a table of longest common subsequences: its time grows with
 * the size of the change, not with the product of the two lengths, so a large page with a small
 * edit shows that edit (the table gave up above a few thousand lines and showed it all replaced).
 */

/** Text as lines, ended by one newline: a missing last newline is no change worth a hunk here. */
const asLines = (s: string | undefined) => (!s ? '' : s.endsWith('\n') ? s : `${s}\n`);

/** A unified diff (3 lines of context) of two texts, with `--- a/path` / `+++ b/path` headers. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, context = 3): string {
  const patch = structuredPatch('', '', asLines(before), asLines(after), undefined, undefined, { context });
  const out = [`--- ${before === undefined ? '/dev/null' : `a/${path}`}`, `+++ ${after === undefined ? '/dev/null' : `b/${path}`}`];
  for (const h of patch.hunks) {
    // As diff and git write an empty side: the line before it (0 at the top).
    const at = (start: number, count: number) => (count ? start : start - 1);
    out.push(`@@ -${at(h.oldStart, h.oldLines)},${h.oldLines} +${at(h.newStart, h.newLines)},${h.newLines} @@`);
    for (const line of h.lines) if (!line.startsWith('\\')) out.push(line);
  }
  return `${out.join('\n')}\n`;
}
