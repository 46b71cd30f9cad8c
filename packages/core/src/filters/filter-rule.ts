/**
 * Ingest filter rules: what a rule matches (a MAC, a MAC/mask, an OUI, every locally
 * administered "randomized" MAC, or every MAC), on which PHY (or all of them), and whether it
 * passes or blocks. Rules come from `ingest_filter=PHY,MATCH,ACTION` config lines and from the
 * `/filters` routes; both are parsed here, strictly, with errors that say what to write.
 */
import { SvcError } from '../errors.js';
import { formatMacPrefix, macPrefixKey, parseMacPrefix, type MacPrefix } from '../util/mac-prefix.js';
import { MacTable } from '../tracker/mac-table.js';

/** What a rule does with the packets it matches. */
export type FilterAction = 'pass' | 'block';

/** Where a rule came from: config lines stay until the config changes; API rules are saved in the state file. */
export type FilterOrigin = 'config' | 'api';

/** What a rule matches. */
export type FilterMatch =
  | { readonly kind: 'mac' | 'mask' | 'oui'; readonly prefix: MacPrefix }
  /** Every MAC with the locally administered bit set (randomized MACs), multicast excepted. */
  | { readonly kind: 'randomized' }
  /** Every MAC of the rule's PHY. */
  | { readonly kind: 'any' };

/** The PHY name of a rule that applies to every PHY. */
export const ANY_PHY = 'any';

/** Distinct MACs a rule remembers for its device count; past this it counts on without remembering. */
export const MAX_REMEMBERED_MACS = 1_000_000;

/** One rule with its counters. */
export class FilterRule {
  /** Packets this rule dropped. */
  droppedPackets = 0;
  /** Distinct MACs this rule dropped (exact while `droppedDevicesExact`). */
  droppedDevices = 0;
  /** False once more than {@link MAX_REMEMBERED_MACS} MACs were dropped; the count is then a lower bound. */
  droppedDevicesExact = true;
  #dropped: MacTable<true> | undefined;

  constructor(
    /** PHY name, or {@link ANY_PHY}. */
    readonly phy: string,
    readonly match: FilterMatch,
    public action: FilterAction,
    readonly origin: FilterOrigin,
    /** The config line it came from, for errors. */
    readonly where = '',
  ) {}

  /** Identity of the rule: its PHY and what it matches (the action is not part of it). */
  get key(): string {
    return filterKey(this.phy, this.match);
  }

  /** Counts a dropped packet of `mac`. */
  countDrop(mac: number): void {
    this.droppedPackets++;
    this.countDevice(mac);
  }

  /** Counts `mac` among the dropped devices if it is new. */
  countDevice(mac: number): void {
    if (!this.droppedDevicesExact) return;
    const dropped = (this.#dropped ??= new MacTable<true>());
    if (dropped.get(mac)) return;
    if (dropped.size >= MAX_REMEMBERED_MACS) {
      this.droppedDevicesExact = false;
      this.#dropped = undefined;
      return;
    }
    dropped.set(mac, true);
    this.droppedDevices++;
  }
}

/** Identity of a rule on a PHY. */
export function filterKey(phy: string, match: FilterMatch): string {
  const what = match.kind === 'randomized' || match.kind === 'any' ? match.kind : macPrefixKey(match.prefix);
  return `${phy}|${what}`;
}

/**
 * Parses what a rule matches: `randomized`, `*` (every MAC), an OUI (`AA:BB:CC`), a MAC, or a
 * MAC/mask. A malformed value is a 400 that says which forms are accepted.
 */
export function parseFilterMatch(text: string): FilterMatch {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'randomized' || lower === 'random') return { kind: 'randomized' };
  if (lower === '*' || lower === 'any') return { kind: 'any' };
  const prefix = parseMacPrefix(trimmed.replace(/^oui:/i, ''), 'filter match');
  const kind = prefix.bits === 48 ? 'mac' : prefix.bits === 24 && !trimmed.includes('/') ? 'oui' : 'mask';
  return { kind, prefix };
}

/** The canonical text of a match, as records show it and as it can be given back. */
export function formatFilterMatch(match: FilterMatch): string {
  if (match.kind === 'randomized') return 'randomized';
  if (match.kind === 'any') return '*';
  if (match.kind === 'oui') return formatMacPrefix(match.prefix).slice(0, 8);
  return formatMacPrefix(match.prefix);
}

/** Parses `pass` or `block` (Kismet's filter words `reject`, `deny`, `filter`, `true` mean block; `allow`, `false` pass). */
export function parseFilterAction(text: unknown, what = 'action'): FilterAction {
  if (typeof text === 'boolean') return text ? 'block' : 'pass';
  const word = typeof text === 'string' ? text.trim().toLowerCase() : '';
  if (['block', 'reject', 'deny', 'filter', 'drop', 'true', '1'].includes(word)) return 'block';
  if (['pass', 'allow', 'accept', 'false', '0'].includes(word)) return 'pass';
  throw new SvcError('SVC_ERR_BAD_REQUEST', `${what} '${String(text)}' is neither pass nor block`);
}

/** Parses an `ingest_filter=PHY,MATCH,ACTION` value (PHY `any` for every PHY). */
export function parseFilterLine(value: string): { phy: string; match: FilterMatch; action: FilterAction } {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `ingest_filter=${value}: expected ingest_filter=PHY,MATCH,ACTION such as ingest_filter=any,randomized,block or ingest_filter=IEEE802.11,00:11:22:00:00:00/24,block`);
  }
  const [phy, match, action] = parts as [string, string, string];
  return { phy: normalizePhy(phy), match: parseFilterMatch(match), action: parseFilterAction(action) };
}

/** `any`, `*` and the empty string all mean every PHY. */
export function normalizePhy(phy: string | undefined): string {
  const trimmed = (phy ?? '').trim();
  return trimmed === '' || trimmed === '*' || trimmed.toLowerCase() === ANY_PHY ? ANY_PHY : trimmed;
}
