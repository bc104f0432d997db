/**
 * Heading anchors as the platform makes them, worked out from the in-site links of real Git Sync
 * repositories: lower case; letters, digits and dots kept (`Release 4.9` → `release-4.9`,
 * `llms-full.txt` stays); every other run of characters one hyphen, none at either end; an anchor
 * that would start with a digit gets `id-` in front (`1. Create` → `id-1.-create`); the word `ad`
 * is spelled `a-d` (`Azure AD` → `azure-a-d`), so that ad blockers' rules on ids leave it alone.
 */
export function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter(Boolean)
    .map((w) => (w === 'ad' ? 'a-d' : w));
  const slug = words.join('-');
  return /^\p{N}/u.test(slug) ? `id-${slug}` : slug;
}

/**
 * The anchors of one page: each unique, a repeated one numbered (`setup`, `setup-1`, …). Anchors
 * written in the page (`<a id="x"></a>` at the end of a heading) are reserved before any is made
 * from text, so a made one never takes a written one's name.
 */
export class Anchors {
  private readonly used = new Set<string>();

  reserve(id: string): void {
    this.used.add(id);
  }

  /** A new unique anchor for `text` (`fallback` when the text has no letter or digit). */
  make(text: string, fallback = 'section'): string {
    const base = slugOf(text) || fallback;
    let id = base;
    for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}
