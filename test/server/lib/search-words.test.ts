import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { RevisionIndex } from '../../../src/server/lib/search-index.js';
import { searchTerm, searchWords, typosFor } from '../../../src/server/lib/search-words.js';
import type { PageRecord } from '../../../src/lib/page-record.js';

const page = (id: string, title: string, markdown: string): PageRecord => ({ id, title, type: 'document', markdown, createdAt: '', updatedAt: '', pages: [] });

/** The pages ids a query finds in an index of `pages`. */
function finder(pages: PageRecord[]): (query: string) => string[] {
  const idx = new RevisionIndex(MiniSearch);
  idx.advance(
    'r1',
    pages.map((p) => [p.id, p.markdown]),
    (id) => pages.find((p) => p.id === id),
  );
  return (query) => idx.search(query).map((h) => h.pageId);
}

describe('the words a search indexes', () => {
  it('cuts text at spaces and punctuation as MiniSearch does, and Chinese and Japanese runs into their words', () => {
    const latin = 'Install the CLI: run `gbctl`, then — quickly — log in.\nDone';
    expect(searchWords(latin)).toEqual(latin.split(/[\n\r\p{Z}\p{P}]+/u));
    // From a public book's Traditional Chinese pages, and Japanese.
    expect(searchWords('建立一個資料庫，然後使用 PostgreSQL 的索引。')).toEqual(['建立', '一個', '資料庫', '然後', '使用', 'PostgreSQL', '的', '索引', '']);
    expect(searchWords('日本語のテキスト')).toEqual(['日本語', 'の', 'テキスト']);
  });

  it('forgives no typo in a Chinese or Japanese word, where one character is another word', () => {
    expect(typosFor('資料庫')).toBe(false);
    expect(typosFor('install')).toBe(0.2);
  });

  it('finds a Chinese word inside a sentence, and not its neighbour one character off', () => {
    const find = finder([
      page('db', '1.3. 建立一個資料庫', '使用 createdb 指令建立一個新的資料庫。'),
      page('tbl', '5.1. 認識資料表', '每一個資料表都有名稱。'),
    ]);
    expect(find('資料庫')).toEqual(['db']);
    expect(find('指令')).toEqual(['db']);
    expect(find('名稱')).toEqual(['tbl']);
  });

  it("keeps a word in lower case without a Latin letter's accents, and other scripts' marks as they are", () => {
    expect(['Arrêt', 'Équipe', 'naïve', 'Ångström', 'Tiếng', 'Straße', 'が', 'Install'].map(searchTerm)).toEqual([
      'arret',
      'equipe',
      'naive',
      'angstrom',
      'tieng',
      'straße',
      'が',
      'install',
    ]);
  });

  it('finds a French word written with or without its accents, as the start of a longer one too', () => {
    // From a public manual's French pages: fuzzy matching forgives one accent, not the rest of a word.
    const find = finder([page('stop', 'Urgences', 'Pour arrêter tous les lasers.'), page('team', 'Matériel', 'Les équipements compatibles.')]);
    expect(find('arret')).toEqual(['stop']);
    expect(find('arrêt')).toEqual(['stop']);
    expect(find('equip')).toEqual(['team']);
    expect(find('materiel')).toEqual(['team']);
  });
});
