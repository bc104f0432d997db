/**
 * Heading anchors as the platform writes them: lower case, words joined by hyphens, unique in
 * the page (a repeated heading gets `-1`, `-2`, …).
 */
export function anchorFor(text: string, used: Map<string, number>): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'section';
  const n = used.get(base) ?? 0;
  used.set(base, n + 1);
  return n === 0 ? base : `${base}-${n}`;
}
