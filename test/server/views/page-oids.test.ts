import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../../src/server/lib/document.js';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { pageDocument, pageOid } from '../../../src/server/views/page-oids.js';

const page = (id: string, markdown: string): PageRecord => ({ id, title: id, type: 'document', markdown, createdAt: '', updatedAt: '', pages: [] });

describe('what the API shows of a page, worked out from its text', () => {
  it("gives the page's oid as the SHA-1 of its markdown, per record", () => {
    const a = page('a', '# One\n\nText.');
    const b = page('b', '# Two');
    expect(pageOid(a)).toBe(createHash('sha1').update(a.markdown).digest('hex'));
    expect(pageOid(b)).toBe(createHash('sha1').update(b.markdown).digest('hex'));
    expect(pageOid(a)).toBe(pageOid(a));
  });

  it('works the document form out once per record and shares it, frozen', () => {
    const a = page('a', '# One\n\n- item\n- item two\n\n```js\nx\n```\n');
    const doc = pageDocument(a);
    expect(doc).toEqual(markdownToDocument(a.markdown, 'a-'));
    expect(pageDocument(a)).toBe(doc);
    expect(Object.isFrozen(doc)).toBe(true);
    expect(Object.isFrozen(doc.nodes[0])).toBe(true);
    // Another record with the same text is its own.
    expect(pageDocument({ ...a })).not.toBe(doc);
  });
});
