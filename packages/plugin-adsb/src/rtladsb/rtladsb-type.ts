/**
 * The `rtladsb` datasource type, as Kismet names it: an RTL-SDR dongle tuned to 1090 MHz
 * through `rtl_adsb` (Debian's `rtl-sdr` package), which prints each Mode S frame it demodulates
 * as an AVR line. `-c rtladsb-0` uses dongle 0 (`rtladsb-1`, ... the others); `gain=` and
 * `ppm=` pass to rtl_adsb. The program is started, watched and restarted as the rtl433 type's
 * is: what it says on stderr becomes source messages, a missing dongle or an exit puts the source
 * in error with rtl_adsb's own words, and the retry policy starts it again.
 */
import { openHelperCapture, SvcError, stableUuid, type Capture, type DatasourceTypeDefinition, type OpenContext, type Packet, type SourceDefinition, type StderrVerdict } from '@svc/core';
import { AvrStream } from '../feeds/avr-stream.js';
import { DLT_MODE_S, modeSPacket } from '../feeds/mode-s-link-type.js';

/** Type name, as Kismet spells it. */
export const RTLADSB_TYPE = 'rtladsb';
/** The program, looked up on PATH. */
export const RTL_ADSB_COMMAND = 'rtl_adsb';
const INTERFACE = /^rtladsb(?:-(\d+))?$/i;
/** A live dongle takes a moment to say it failed; until then the open waits. */
const STARTUP_MS = 1500;

/** rtl_adsb's own diagnostics, sorted: failures explain an exit, progress is info. */
const STDERR: readonly [RegExp, StderrVerdict['level']][] = [
  [/^No supported devices found\.$/, 'error'],
  [/^Failed to open rtlsdr device/, 'error'],
  [/^usb_claim_interface error/, 'error'],
  [/^usb_open error/, 'error'],
  [/^(Kernel driver is active|Detached kernel driver)/, 'info'],
  [/^Found \d+ device\(s\):$/, 'info'],
  [/^Using device \d+:/, 'info'],
  [/^Tuned to \d+ Hz\.$/, 'info'],
  [/^Tuner gain set to /, 'info'],
  [/^Exact sample rate is/, 'debug'],
  [/^\s+\d+:\s+/, 'debug'],
];

function classifyStderr(line: string): StderrVerdict | undefined {
  for (const [pattern, level] of STDERR) if (pattern.test(line)) return { level };
  return undefined;
}

function number(definition: SourceDefinition, name: string, min: number, max: number): number | undefined {
  const text = definition.options.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) throw new SvcError('SVC_ERR_BAD_DEFINITION', `rtladsb option ${name} must be a number from ${min} to ${max}, not '${text}'`);
  return value;
}

/** rtl_adsb's arguments for a definition. */
export function rtlAdsbArguments(definition: SourceDefinition): string[] {
  const match = INTERFACE.exec(definition.interface);
  if (!match) throw new SvcError('SVC_ERR_BAD_DEFINITION', `rtladsb: '${definition.interface}' names no dongle (rtladsb-0, rtladsb-1, ...)`);
  const args = ['-d', match[1] ?? '0'];
  const gain = number(definition, 'gain', 0, 100);
  if (gain !== undefined) args.push('-g', String(gain));
  const ppm = number(definition, 'ppm', -1000, 1000);
  if (ppm !== undefined) args.push('-p', String(Math.round(ppm)));
  return args;
}

/** Builds the rtladsb type; `command` replaces rtl_adsb (a path, or a stand-in in tests). */
export function createRtlAdsbType(command = RTL_ADSB_COMMAND): DatasourceTypeDefinition {
  return {
    name: RTLADSB_TYPE,
    description: 'Mode S / ADS-B from an RTL-SDR at 1090 MHz through rtl_adsb (rtladsb-0, rtladsb-1, ...; gain=, ppm=)',
    capabilities: { probe: true, list: false, local: true, remote: false, passive: true, tune: false, hop: false },
    options: { gain: 'tuner gain in dB (0 to 100; automatic by default)', ppm: 'frequency correction in parts per million (-1000 to 1000)' },
    validate: async (definition) => void rtlAdsbArguments(definition),
    probe: async (definition) => INTERFACE.test(definition.interface),
    uuidFor: (definition) => stableUuid(RTLADSB_TYPE, definition.interface.toLowerCase()),
    open: (definition, context) => openRtlAdsb(command, definition, context),
  };
}

async function openRtlAdsb(command: string, definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const lines = new AvrStream();
  const toPackets = (line: string): Packet[] => {
    const bad = lines.bad;
    const packets: Packet[] = lines.push(Buffer.from(`${line}\n`, 'latin1')).map((frame) => modeSPacket(frame.frame, context.uuid));
    if (lines.bad > bad) {
      const now = Date.now();
      packets.push({ tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid: context.uuid, dlt: 0, error: true, annotations: {} });
    }
    return packets;
  };
  return openHelperCapture(
    {
      command,
      args: rtlAdsbArguments(definition),
      name: 'rtl_adsb',
      installHint: 'install the rtl-sdr package',
      parseLine: toPackets,
      classifyStderr,
      startupMs: STARTUP_MS,
      anyExitFails: true,
      info: { captureInterface: definition.interface, hardware: 'rtlsdr', dlt: DLT_MODE_S, channels: ['1090'], channel: '1090' },
    },
    context,
  );
}
