/**
 * Regular expressions that clients and config lines supply (`regex` filters, `view=` lines).
 * The spec calls them PCRE-compatible; svc runs them on RE2 (re2js), whose matching time is
 * linear in the input, so no pattern can stall the server the way `^(a+)+$` stalls a
 * backtracking engine. PCRE's option settings at the start of a pattern work: `(?i)`, `(?s)`,
 * `(?m)` (RE2 reads them as PCRE does) and `(?x)` (whitespace and `#` comments are removed here
 * first). PCRE-only syntax that needs backtracking (backreferences, lookaround, atomic groups,
 * possessive quantifiers, recursion, conditionals) is refused with a 400 naming the construct.
 */
import { RE2JS } from 're2js';
import { SvcError } from '../errors.js';

/** Longest pattern a client may send, in characters. */
export const MAX_REGEX_LENGTH = 1024;

/** A compiled client pattern. */
export interface ClientRegex {
  /** The pattern as the client wrote it. */
  readonly source: string;
  /** Whether the pattern matches somewhere in `text`. */
  test(text: string): boolean;
}

/** PCRE constructs RE2 cannot run in linear time, with the name a client is told. */
const PCRE_ONLY: readonly (readonly [RegExp, string])[] = [
  [/^\(\?=/, 'lookahead (?=...)'],
  [/^\(\?!/, 'negative lookahead (?!...)'],
  [/^\(\?<=/, 'lookbehind (?<=...)'],
  [/^\(\?<!/, 'negative lookbehind (?<!...)'],
  [/^\(\?>/, 'atomic group (?>...)'],
  [/^\(\?\|/, 'branch reset group (?|...)'],
  [/^\(\?\(/, 'conditional group (?(...)...)'],
  [/^\(\?(?:R|[+-]?\d+|&\w+|P>\w+)\)/, 'recursion or subroutine call (?R), (?1)'],
  [/^\(\?#/, 'comment group (?#...)'],
  [/^\(\*[A-Z_]+/, 'backtracking control verb (*VERB)'],
  [/^\(\?[imsxU-]*x/, '(?x) after the start of the pattern'],
  [/^\\[1-9]/, 'backreference \\1'],
  [/^\\[gk][<{'\d-]/, 'named or relative backreference \\k<name>, \\g{n}'],
  [/^\\K/, 'match reset \\K'],
  [/^\\G/, 'start-of-match anchor \\G'],
  [/^\\[hHvVRX]/, 'PCRE-only escape (\\h, \\v, \\R, \\X)'],
];

/** Compiles a client pattern; `what` names it in errors (`regex[0]`, `view=x`). */
export function compileClientRegex(source: string, what: string): ClientRegex {
  if (source.length > MAX_REGEX_LENGTH) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `${what}: the regex is ${source.length} characters long; the limit is ${MAX_REGEX_LENGTH}`);
  }
  const { flags, body } = leadingOptions(source);
  const translated = `${flags.replace('x', '') ? `(?${flags.replace('x', '')})` : ''}${flags.includes('x') ? stripExtended(body) : body}`;
  const pcreOnly = findPcreOnly(translated);
  if (pcreOnly) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `${what}: ${pcreOnly} is PCRE syntax svc does not run (it needs backtracking); rewrite the regex without it`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(translated);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new SvcError('SVC_ERR_BAD_REQUEST', `${what}: invalid regex: ${reason}`);
  }
  return { source, test: (text) => compiled.test(text) };
}

/** The option letters of the `(?imsx)` groups that open a pattern, and the rest of it. */
function leadingOptions(source: string): { flags: string; body: string } {
  let flags = '';
  let rest = source;
  for (let group = /^\(\?([imsx]+)\)/.exec(rest); group; group = /^\(\?([imsx]+)\)/.exec(rest)) {
    for (const letter of group[1]!) if (!flags.includes(letter)) flags += letter;
    rest = rest.slice(group[0].length);
  }
  return { flags, body: rest };
}

/** PCRE extended mode: drops unescaped whitespace and `#` comments outside character classes. */
function stripExtended(body: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === '\\') {
      out += body.slice(index, index + 2);
      index++;
    } else if (inClass) {
      if (char === ']') inClass = false;
      out += char;
    } else if (char === '[') {
      inClass = true;
      out += char;
      if (body[index + 1] === ']') out += body[++index];
    } else if (char === '#') {
      while (index < body.length && body[index] !== '\n') index++;
    } else if (!/\s/.test(char)) {
      out += char;
    }
  }
  return out;
}

/** The first PCRE-only construct outside character classes, by its name. */
function findPcreOnly(pattern: string): string | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (inClass) {
      if (char === '\\') index++;
      else if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      if (pattern[index + 1] === '^') index++;
      if (pattern[index + 1] === ']') index++;
      continue;
    }
    if (char === '(' || char === '\\') {
      const rest = pattern.slice(index, index + 12);
      const found = PCRE_ONLY.find(([construct]) => construct.test(rest));
      if (found) return found[1];
      if (char === '\\') index++;
      continue;
    }
    if ((char === '*' || char === '+' || char === '?' || char === '}') && pattern[index + 1] === '+' && index > 0) {
      return `possessive quantifier ${char}+`;
    }
  }
  return undefined;
}
