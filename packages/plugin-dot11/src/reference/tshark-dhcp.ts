/**
 * What tshark (Wireshark's DHCP dissector) reads in a capture's DHCP messages, frame by frame:
 * the 802.11 addresses, the IP and UDP addresses and ports, the BOOTP client hardware address
 * and given address, and the first value of each option svc keeps (message type 53, host name
 * 12, vendor class 60, client identifier 61, parameter request list 55, lease time 51) as the
 * option's bytes in hex. It makes the DHCP reference svc's DHCP capture is checked against.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** One DHCP message as tshark reads it. */
export interface TsharkDhcpMessage {
  frame: number;
  bssid: string;
  sa: string;
  da: string;
  ip_src: string;
  udp_srcport: number;
  udp_dstport: number;
  /** BOOTP op: 1 request, 2 reply. */
  op: number;
  chaddr: string;
  yiaddr: string;
  /** First value of each option, by code, as hex bytes. */
  options: Record<string, string>;
}

/** The DHCP reference of a capture. */
export interface TsharkDhcpReference {
  file: string;
  sha256: string;
  generator: string;
  frames_total: number;
  dhcp: TsharkDhcpMessage[];
}

/** The option codes whose first value the reference keeps. */
export const REFERENCE_OPTIONS = [51, 53, 55, 60, 61, 12] as const;

const FIELDS = ['frame.number', 'wlan.bssid', 'wlan.sa', 'wlan.da', 'ip.src', 'udp.srcport', 'udp.dstport', 'dhcp.type', 'dhcp.hw.mac_addr', 'dhcp.ip.your', 'dhcp.option.type', 'dhcp.option.value'] as const;

function tshark(args: readonly string[]): string {
  const run = spawnSync('tshark', ['-n', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw new Error(`tshark could not run (${run.error.message}); install it with apt-get install tshark`);
  if (run.status !== 0) throw new Error(`tshark failed: ${run.stderr.trim()}`);
  return run.stdout;
}

/** tshark's reading of the DHCP messages in `path`. */
export function tsharkDhcp(path: string): TsharkDhcpReference {
  const version = /TShark \(Wireshark\) (\S+)/.exec(tshark(['-v']))?.[1] ?? 'unknown';
  const frames = tshark(['-r', path, '-T', 'fields', '-e', 'frame.number']).trim().split('\n').filter(Boolean).length;
  const lines = tshark(['-r', path, '-Y', 'dhcp', '-T', 'fields', '-E', 'separator=/t', '-E', 'aggregator=;', ...FIELDS.flatMap((field) => ['-e', field])]).split('\n').filter(Boolean);
  const dhcp = lines.map((line): TsharkDhcpMessage => {
    const value = Object.fromEntries(line.split('\t').map((text, index) => [FIELDS[index]!, text])) as Record<(typeof FIELDS)[number], string>;
    const types = value['dhcp.option.type'].split(';');
    const values = value['dhcp.option.value'].split(';');
    const options: Record<string, string> = {};
    // tshark lists the end option's type with no value after it, so types and values align up to it.
    types.forEach((type, index) => {
      if ((REFERENCE_OPTIONS as readonly number[]).includes(Number(type)) && options[type] === undefined && values[index] !== undefined) options[type] = values[index]!;
    });
    return {
      frame: Number(value['frame.number']),
      bssid: value['wlan.bssid'],
      sa: value['wlan.sa'],
      da: value['wlan.da'],
      ip_src: value['ip.src'],
      udp_srcport: Number(value['udp.srcport']),
      udp_dstport: Number(value['udp.dstport']),
      op: Number(value['dhcp.type']),
      chaddr: value['dhcp.hw.mac_addr'].split(';')[0]!,
      yiaddr: value['dhcp.ip.your'],
      options,
    };
  });
  return { file: basename(path), sha256: createHash('sha256').update(readFileSync(path)).digest('hex'), generator: `tshark ${version} (src/reference/tshark-dhcp.ts)`, frames_total: frames, dhcp };
}
