/** Slugs already worked out, by title: a revision's page index is rebuilt on every edit. */
const slugs = new Map<string, string>();

/**
 * URL- and file-safe slug of a title, as the platform derives page slugs and names synced
 * files: accents dropped, lower case, every run of other characters one hyphen, at most 100
 * characters, `page` when nothing is left. (Heading anchors follow other rules: render/anchors.ts.)
 */
export function slugify(title: string): string {
  const kept = slugs.get(title);
  if (kept !== undefined) return kept;
  const s =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'page';
  if (slugs.size >= 10_000) slugs.clear();
  slugs.set(title, s);
  return s;
}
