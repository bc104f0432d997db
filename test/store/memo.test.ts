import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { table } from '../../src/store/store.js';

interface Doc {
  id: string;
  text: string;
}
const docs = table<Doc>('docs');

describe('values kept per record (memo)', () => {
  it('are worked out once, until the record changes, and not kept from a write not yet committed', async () => {
    const s = new MemoryStore({ tables: { docs: [{ id: 'a', text: 'one' } as Doc] } });
    let made = 0;
    const upper = (d: Doc) => (made++, d.text.toUpperCase());
    expect(await s.read((tx) => tx.memo(docs, 'a', upper, 10))).toBe('ONE');
    expect(await s.read((tx) => tx.memo(docs, 'a', upper, 10))).toBe('ONE');
    expect(made).toBe(1);
    expect(await s.write((tx) => (tx.put(docs, { id: 'a', text: 'two' }), tx.memo(docs, 'a', upper, 10)))).toBe('TWO');
    expect(await s.read((tx) => tx.memo(docs, 'a', upper, 10))).toBe('TWO');
    expect(made).toBe(3);
    expect(await s.read((tx) => tx.memo(docs, 'nope', upper, 10))).toBeUndefined();
  });

  it('keep at most `keep` values per table, forgetting the least recently used', async () => {
    const s = new MemoryStore({ tables: { docs: ['a', 'b', 'c'].map((id) => ({ id, text: id })) } });
    let made = 0;
    const make = (d: Doc) => (made++, d.text);
    await s.read((tx) => ['a', 'b', 'a', 'c'].map((id) => tx.memo(docs, id, make, 2)));
    expect(made).toBe(3);
    await s.read((tx) => tx.memo(docs, 'b', make, 2));
    expect(made).toBe(4);
  });
});
