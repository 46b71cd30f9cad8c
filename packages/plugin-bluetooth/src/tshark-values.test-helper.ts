/**
 * tshark's tables of assigned numbers (`tshark -G values`: Wireshark's copy of the Bluetooth
 * SIG's lists), the reference svc's own name tables are checked against.
 */
import { execFileSync } from 'node:child_process';

let all: string | undefined;

/** The values tshark names for a field (`btcommon.eir_ad.entry.company_id`), by number. */
export function tsharkValues(field: string): Map<number, string> {
  all ??= execFileSync('tshark', ['-G', 'values'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  const values = new Map<number, string>();
  for (const line of all.split('\n')) {
    const [kind, name, value, label] = line.split('\t');
    if (kind === 'V' && name === field && value !== undefined && label !== undefined) values.set(Number(value), label);
  }
  return values;
}
