/**
 * Text from outside (a source definition, a key name, a remote tool's frames) may hold line
 * breaks and other control characters; written to the log as they are, they could forge whole
 * log lines or rewrite a terminal. The logger writes them as visible escapes instead.
 */

/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character written as an escape (`\n`, `\x1b`, `\u2028`). */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (char) => NAMED[char] ?? (char.charCodeAt(0) <= 0xff ? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
