/**
 * The SSID rules of Kismet's config, read from `svc.conf`:
 *
 * - `apspoof=NAME:ssid="REGEX",validmacs="MAC,MAC/MASK,..."`: the SSIDs matching REGEX may only
 *   be advertised by those MACs (APSPOOF);
 * - `ssidcanary=NAME:ssid="REGEX"`: an SSID nobody should use; advertising, answering or probing
 *   for one raises SSIDCANARY.
 *
 * REGEX is searched for anywhere in the SSID, as Kismet's PCRE match does; `ssid="CorpWiFi"`
 * matches `CorpWiFi-5G` too (anchor it with `^...$` for an exact name). PCRE's case-insensitive
 * forms `(?i)...` and `(?i:...)` around the whole pattern (Kismet's sample config uses the
 * latter) become the `i` flag. A line that cannot be read is a startup error naming the file
 * and line.
 */
import { parseDefinition, parseMacMask, SvcError, macMatches, type ConfigValue, type MacMask } from '@svc/core';

/** An `apspoof=` rule. */
export interface ApSpoofRule {
  readonly name: string;
  readonly ssid: RegExp;
  readonly validMacs: readonly MacMask[];
}

/** An `ssidcanary=` rule. */
export interface CanaryRule {
  readonly name: string;
  /** The pattern as written, for alert texts. */
  readonly pattern: string;
  readonly ssid: RegExp;
}

/** Reads the `apspoof=` lines. */
export function parseApSpoofRules(values: readonly ConfigValue[]): ApSpoofRule[] {
  return values.map(({ value, origin }) => {
    const { name, options } = readLine('apspoof', value, origin, ['ssid', 'validmacs'], 'apspoof=NAME:ssid="REGEX",validmacs="MAC,MAC"');
    const macsText = options.get('validmacs');
    if (macsText === undefined) throw lineError('apspoof', value, origin, 'it has no validmacs="MAC,MAC"; list the MACs allowed to use the SSID');
    const validMacs = macsText.split(',').map((text) => {
      const mask = parseMacMask(text.trim());
      if (!mask) throw lineError('apspoof', value, origin, `validmacs entry '${text.trim()}' is not a MAC (AA:BB:CC:DD:EE:FF, or MAC/mask)`);
      return mask;
    });
    return { name, ssid: ssidPattern('apspoof', value, origin, options.get('ssid')!), validMacs };
  });
}

/** Reads the `ssidcanary=` lines. */
export function parseCanaryRules(values: readonly ConfigValue[]): CanaryRule[] {
  return values.map(({ value, origin }) => {
    const { name, options } = readLine('ssidcanary', value, origin, ['ssid'], 'ssidcanary=NAME:ssid="REGEX"');
    const pattern = options.get('ssid')!;
    return { name, pattern, ssid: ssidPattern('ssidcanary', value, origin, pattern) };
  });
}

/** True when an `apspoof` rule forbids `mac` to use `ssid`. */
export function isSpoofed(rule: ApSpoofRule, ssid: string, mac: number): boolean {
  return rule.ssid.test(ssid) && !rule.validMacs.some((valid) => macMatches(mac, valid));
}

function readLine(key: string, value: string, origin: string, allowed: readonly string[], form: string): { name: string; options: ReadonlyMap<string, string> } {
  if (!value.includes(':')) throw lineError(key, value, origin, `expected ${form}`);
  let definition;
  try {
    definition = parseDefinition(value, { noun: key, code: 'SVC_ERR_CONFIG_VALUE' });
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${(error as Error).message}; expected ${form}`);
  }
  for (const option of definition.options.keys()) {
    if (!allowed.includes(option)) throw lineError(key, value, origin, `unknown option '${option}'; expected ${form}`);
  }
  if (!definition.options.has('ssid')) throw lineError(key, value, origin, `it has no ssid="REGEX"; expected ${form}`);
  return { name: definition.interface, options: definition.options };
}

/** Compiles an SSID pattern, turning PCRE's whole-pattern `(?i)` and `(?i:...)` into the `i` flag. */
function ssidPattern(key: string, line: string, origin: string, pattern: string): RegExp {
  let source = pattern;
  let flags = '';
  const scoped = /^\(\?i:(.*)\)$/s.exec(source);
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    flags = 'i';
  } else if (scoped && balanced(scoped[1]!)) {
    source = scoped[1]!;
    flags = 'i';
  }
  if (/\(\?[a-zA-Z]+[:)]/.test(source)) throw lineError(key, line, origin, `ssid pattern '${pattern}' uses inline modifiers svc cannot read; only a leading (?i) or one (?i:...) around the whole pattern`);
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw lineError(key, line, origin, `ssid pattern '${pattern}' is not a regular expression: ${(error as Error).message}`);
  }
}

/** True when the parentheses in `text` pair up (so `(?i:a)(b)` is not read as one group). */
function balanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function lineError(key: string, value: string, origin: string, problem: string): SvcError {
  return new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${key}=${value}: ${problem}`);
}
