/**
 * Kismet's manufacturer matchers (`uav_match=` lines, `phy_uav_drone.cc`), for drones that send
 * no Remote ID nor DroneID but are known by their Wi-Fi: the access point they raise for the
 * pilot's app. Each line is `name:option="...",option=...`:
 *
 * - `name="..."` the manufacturer (required), `model="..."` the model;
 * - `mac=MAC/mask` the address prefix (`60:60:1F:00:00:00/FF:FF:FF:00:00:00`);
 * - `ssid="regex"` a regular expression the SSID must match;
 * - `match_any=true`: either one suffices (as Kismet documents it); otherwise both must match.
 *
 * Kismet's own list (`kismet_uav.conf`) is not shipped; its lines work as they are. A bad line
 * fails the plugin with the line named.
 */
import { formatMac, macMatches, parseMacMask, SvcError, type FieldDefinition, type MacMask } from '@svc/core';

/** The config key of the rules. */
export const UAV_MATCH_CONFIG_KEY = 'uav_match';

/** One rule. */
export interface UavMatchRule {
  readonly name: string;
  readonly manufacturer: string;
  readonly model: string;
  readonly mac?: MacMask;
  readonly ssid?: RegExp;
  readonly matchAny: boolean;
}

/** Fields of a rule's record, Kismet's names (`uav_manuf_match`). */
export const UAV_MATCH_FIELDS: readonly FieldDefinition[] = [
  { name: 'uav.manufmatch.match_name', type: 'string', description: 'Match name' },
  { name: 'uav.manufmatch.name', type: 'string', description: 'Matched manufacturer name' },
  { name: 'uav.manufmatch.model', type: 'string', description: 'Matched model name' },
  { name: 'uav.manufmatch.mac', type: 'string', description: 'Matching mac address fragment (MAC/mask; empty when the rule has none)' },
  { name: 'uav.manufmatch.ssid_regex', type: 'string', description: 'Matching SSID regex' },
  { name: 'uav.manufmatch.partial', type: 'uint8_t', description: 'Allow partial matches (only manuf or only ssid)' },
];

/** The `name:options` parts of one line, options split on commas outside double quotes. */
function options(line: string): { name: string; values: Map<string, string> } {
  const colon = line.indexOf(':');
  if (colon <= 0) throw bad(line, "expected 'name:option=\"...\",...'");
  const values = new Map<string, string>();
  const text = line.slice(colon + 1);
  for (const part of text.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const equals = part.indexOf('=');
    if (equals <= 0) throw bad(line, `'${part.trim()}' is not option=value`);
    values.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim().replace(/^"(.*)"$/s, '$1'));
  }
  return { name: line.slice(0, colon).trim(), values };
}

function bad(line: string, why: string): SvcError {
  return new SvcError('SVC_ERR_CONFIG_VALUE', `${UAV_MATCH_CONFIG_KEY}=${line}: ${why}`);
}

/** Reads one `uav_match=` line. */
export function parseUavMatchRule(line: string): UavMatchRule {
  const { name, values } = options(line);
  const manufacturer = values.get('name') ?? '';
  if (manufacturer === '') throw bad(line, 'the rule needs name="manufacturer"');
  const macText = values.get('mac');
  const mac = macText === undefined || macText === '' ? undefined : parseMacMask(macText);
  if (macText && mac === undefined) throw bad(line, `'${macText}' is not a MAC or MAC/mask`);
  const ssidText = values.get('ssid');
  let ssid: RegExp | undefined;
  try {
    ssid = ssidText ? new RegExp(ssidText) : undefined;
  } catch (error) {
    throw bad(line, `the SSID regex does not compile: ${(error as Error).message}`);
  }
  if (mac === undefined && ssid === undefined) throw bad(line, 'the rule needs mac= or ssid=');
  const any = values.get('match_any')?.toLowerCase();
  return { name, manufacturer, model: values.get('model') ?? '', mac, ssid, matchAny: any === 'true' || any === '1' || any === 'yes' };
}

/** Reads every line, refusing a name used twice. */
export function parseUavMatchRules(lines: readonly string[]): UavMatchRule[] {
  const rules: UavMatchRule[] = [];
  for (const line of lines) {
    const rule = parseUavMatchRule(line);
    if (rules.some((other) => other.name === rule.name)) throw bad(line, `the match name '${rule.name}' is already in use`);
    rules.push(rule);
  }
  return rules;
}

/** True when a network with BSSID `mac` and SSID `ssid` is the rule's. */
export function ruleMatches(rule: UavMatchRule, mac: number, ssid: string): boolean {
  const macOk = rule.mac === undefined ? undefined : macMatches(mac, rule.mac);
  const ssidOk = rule.ssid === undefined ? undefined : rule.ssid.test(ssid);
  if (rule.matchAny) return macOk === true || ssidOk === true;
  return macOk !== false && ssidOk !== false;
}

/** True when some rule could match an address: when one has no address, or the address fits one's. */
export function couldMatch(rules: readonly UavMatchRule[], mac: number): boolean {
  return rules.some((rule) => rule.mac === undefined || rule.matchAny || macMatches(mac, rule.mac));
}

/** A rule's record, as Kismet serves `uav.type` and `/phy/phyuav/manuf_matchers`. */
export function ruleRecord(rule: UavMatchRule): Record<string, unknown> {
  return {
    'uav.manufmatch.match_name': rule.name,
    'uav.manufmatch.name': rule.manufacturer,
    'uav.manufmatch.model': rule.model,
    'uav.manufmatch.mac': rule.mac ? `${formatMac(rule.mac.mac)}/${formatMac(rule.mac.mask)}` : '',
    'uav.manufmatch.ssid_regex': rule.ssid?.source ?? '',
    'uav.manufmatch.partial': rule.matchAny ? 1 : 0,
  };
}
