import type { PageRecord } from './page-record.js';

/**
 * What a page tree's paths and files are worked out from: each page's id, type, title, group
 * slug and imported file, and the nesting; not bodies, nor anything else. An edit of a page's
 * text gives a new revision of the same shape, whose paths are those of the revision before.
 */
export function shapeOf(pages: readonly PageRecord[]): string {
  let shape = shapes.get(pages);
  if (shape === undefined) {
    type Shape = (string | null | Shape)[];
    const of = (list: readonly PageRecord[]): Shape =>
      list.map((p) => [p.id, p.type, p.title, p.slug ?? null, p.gitPath ?? null, ...(p.pages.length ? [of(p.pages)] : [])]);
    // As JSON: no title or id can make two different trees read alike.
    shapes.set(pages, (shape = JSON.stringify(of(pages))));
  }
  return shape;
}

/** Once per page list: the paths and the files of a revision both ask for its shape. */
const shapes = new WeakMap<readonly PageRecord[], string>();

/**
 * The last few values worked out of page trees, by shape: for a tree with the shape of one seen
 * lately (the revision before an edit), the value is that one's. Kept few, as a revision's shape
 * is the size of its page list.
 */
export class ByShape<V> {
  private readonly kept = new Map<string, V>();

  constructor(private readonly size = 8) {}

  get(shape: string, make: () => V): V {
    const found = this.kept.get(shape);
    if (found !== undefined) {
      // Most recently used last: the oldest goes first.
      this.kept.delete(shape);
      this.kept.set(shape, found);
      return found;
    }
    const made = make();
    this.kept.set(shape, made);
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value as string);
    return made;
  }
}
