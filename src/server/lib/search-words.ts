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
