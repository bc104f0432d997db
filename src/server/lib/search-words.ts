/** Spaces and punctuation, where MiniSearch's own tokenizer cuts a text into words. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
/** Chinese and Japanese script, which writes no space between words. */
const CJ = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

let segmenter: Intl.Segmenter | undefined;

/**
 * A text as the search index's words: cut at spaces and punctuation, as MiniSearch does, and a run
 * of Chinese or Japanese characters cut into its words by the ICU word breaker Node ships
 * (`Intl.Segmenter`). Cut at spaces alone, a Chinese sentence is one word, and a word inside it
 * (`資料庫` in `建立一個資料庫`) is never found. Text without those scripts pays one look for them.
 */
export function searchWords(text: string): string[] {
  const words = text.split(SPACE_OR_PUNCTUATION);
  if (!CJ.test(text)) return words;
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const out: string[] = [];
  for (const w of words) {
    if (!CJ.test(w)) out.push(w);
    else for (const s of segmenter.segment(w)) if (s.isWordLike) out.push(s.segment);
  }
  return out;
}

/**
 * The typos a query's word is forgiven: none in a Chinese or Japanese word, whose two or three
 * characters make another word when one differs (`資料庫`, database; `資料表`, table).
 */
export const typosFor = (word: string): number | false => (CJ.test(word) ? false : 0.2);

/** Latin letters with a diacritic, precomposed (Latin-1 Supplement, Extended-A and -B, Additional). */
const LATIN_MARKED = /[\u00C0-\u024F\u1E00-\u1EFF]/;

/**
 * A word as the index keeps it and a query looks for it: lower case, and a Latin letter's accents
 * left out, so that `arret` finds `arrêt` and `Équipe` finds `equipe`. Other scripts keep their
 * marks: a Japanese kana's voicing mark makes another sound.
 */
export function searchTerm(word: string): string {
  const lower = word.toLowerCase();
  return LATIN_MARKED.test(lower) ? lower.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1') : lower;
}
