/**
 * An alert as an RFC 5424 syslog message:
 * `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID [svc@32473 ...] BOM text`. The priority is
 * the facility times 8 plus the syslog severity svc's severity maps to; MSGID is the alert's
 * header; the structured data element carries the alert's other fields (32473 is the private
 * enterprise number RFC 5612 sets aside for examples and documentation); the text is UTF-8.
 * Over TCP each message is framed by octet counting (RFC 6587 3.4.1: `<length> <message>`).
 */
import type { AlertRecord } from '../alert-tracker.js';

/** Syslog facilities by name (RFC 5424 6.2.1). */
export const SYSLOG_FACILITIES: Readonly<Record<string, number>> = {
  kern: 0, user: 1, mail: 2, daemon: 3, auth: 4, syslog: 5, lpr: 6, news: 7, uucp: 8, cron: 9, authpriv: 10, ftp: 11,
  local0: 16, local1: 17, local2: 18, local3: 19, local4: 20, local5: 21, local6: 22, local7: 23,
};

/** SD-ID of svc's structured data element. */
export const SYSLOG_SD_ID = 'svc@32473';

/**
 * Syslog severity of an svc severity: 0 info -> 6 informational, 5 low -> 5 notice,
 * 10 medium -> 4 warning, 15 high -> 3 error, 20 critical -> 2 critical.
 */
export function syslogSeverity(severity: number): number {
  if (severity >= 20) return 2;
  if (severity >= 15) return 3;
  if (severity >= 10) return 4;
  if (severity >= 5) return 5;
  return 6;
}

/** The alert fields carried as SD-PARAMs, by parameter name. */
const SD_PARAMS: readonly (readonly [param: string, field: string])[] = [
  ['hash', 'svc.alert.hash'],
  ['class', 'svc.alert.class'],
  ['severity', 'svc.alert.severity'],
  ['phy', 'svc.alert.phy_name'],
  ['device_key', 'svc.alert.device_key'],
  ['transmitter', 'svc.alert.transmitter_mac'],
  ['source', 'svc.alert.source_mac'],
  ['dest', 'svc.alert.dest_mac'],
  ['other', 'svc.alert.other_mac'],
  ['channel', 'svc.alert.channel'],
];

const BOM = '\u{FEFF}';
/** The MAC of an alert field that names none. */
const ZERO_MAC = '00:00:00:00:00:00';

/** A header field: printable US-ASCII without spaces, at most `max` characters, `-` when empty (RFC 5424 6). */
function headerField(value: string, max: number): string {
  const cleaned = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return cleaned === '' ? '-' : cleaned;
}

/** An SD-PARAM value with `"`, `\` and `]` escaped (RFC 5424 6.3.3). */
function paramValue(value: string): string {
  return value.replace(/["\\\]]/g, (character) => `\\${character}`);
}

/** What a message needs besides the alert. */
export interface SyslogOrigin {
  readonly facility: number;
  readonly hostname: string;
  readonly appName: string;
  readonly procId: string;
}

/** Formats one alert; `maxBytes` cuts the text so the message fits (a UDP datagram). */
export function syslogMessage(alert: AlertRecord, origin: SyslogOrigin, maxBytes = Infinity): string {
  const severity = Number(alert['svc.alert.severity'] ?? 0);
  const priority = origin.facility * 8 + syslogSeverity(severity);
  const time = new Date(Number(alert['svc.alert.timestamp'] ?? Date.now() / 1000) * 1000).toISOString();
  const params = SD_PARAMS.filter(([, field]) => alert[field] !== undefined && alert[field] !== '' && alert[field] !== ZERO_MAC)
    .map(([param, field]) => `${param}="${paramValue(String(alert[field]))}"`)
    .join(' ');
  const head = `<${priority}>1 ${time} ${headerField(origin.hostname, 255)} ${headerField(origin.appName, 48)} ${headerField(origin.procId, 128)} ${headerField(String(alert['svc.alert.header'] ?? ''), 32)} [${SYSLOG_SD_ID}${params ? ` ${params}` : ''}] ${BOM}`;
  let text = String(alert['svc.alert.text'] ?? '');
  const room = maxBytes - Buffer.byteLength(head);
  if (Buffer.byteLength(text) > room) {
    // Cut on a character boundary.
    text = Buffer.from(text).subarray(0, Math.max(0, room)).toString('utf8').replace(/\uFFFD+$/, '');
  }
  return head + text;
}

/** Octet-counting frame of a message for syslog over TCP. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `), body]);
}
