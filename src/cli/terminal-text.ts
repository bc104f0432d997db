/**
 * Text from the API (titles, messages, names) reaching a terminal. A title can hold an escape
 * sequence that retitles the window, clears the screen or hides what follows, a carriage
 * return that overwrites the line, or a bidirectional override that shows a name reversed.
 * Every text path (tables, tab-separated rows, key/value lines, plain text, prompts, errors)
 * passes API text through here; JSON is left byte-exact.
 *
 * C0 controls, DEL, C1 controls, the left-to-right and right-to-left marks, and the bidirectional
 * embeddings, overrides and isolates.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, less newline and tab: text of several lines. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `\t`, `\n` and `\r` as in C; other controls below U+0100 as `\xHH`; the bidirectional ones as `\uHHHH`. */
function escaped(c: string): string {
  if (c === '\t') return '\\t';
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line for a terminal: every control and bidirectional character escaped (newlines and tabs too). */
export function safeLine(s: string): string {
  return s.replace(UNSAFE, escaped);
}

/** Text of several lines for a terminal: newlines and tabs kept, every other control character escaped. */
export function safeText(s: string): string {
  return s.replace(UNSAFE_IN_LINES, escaped);
}

/**
 * JSON that stays the same value and shows no raw control on a terminal: JSON.stringify escapes
 * C0 controls but leaves DEL, C1 controls and bidirectional characters as they are; here they
 * become \uHHHH escapes. For JSON that goes to stderr (errors); stdout's JSON stays byte-exact.
 */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
