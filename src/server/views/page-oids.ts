import { createHash } from 'node:crypto';
import type { JsonDocument } from '../lib/document.js';
import { markdownToDocument } from '../lib/document.js';
import type { PageRecord } from '../../lib/page-record.js';

/**
 * What the API shows of a page that is worked out from its text, kept by page record: records
 * never change, and a revision shares the records of every page it did not change with the one
 * it was made from, so each is worked out once for all the revisions that hold the page.
 */

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const oids = new WeakMap<PageRecord, string>();
/** The page's `git.oid`: the SHA-1 of its markdown. */
export function pageOid(p: PageRecord): string {
  let oid = oids.get(p);
  if (oid === undefined) oids.set(p, (oid = sha1(p.markdown)));
  return oid;
}

const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
};

const documents = new WeakMap<PageRecord, JsonDocument>();
/** The page's content as a document (`format=document`); shared by every answer that shows it, never changed. */
export function pageDocument(p: PageRecord): JsonDocument {
  let doc = documents.get(p);
  if (!doc) documents.set(p, (doc = deepFreeze(markdownToDocument(p.markdown, `${p.id}-`))));
  return doc;
}
