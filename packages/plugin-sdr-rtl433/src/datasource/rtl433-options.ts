/**
 * What an `rtl433` definition asks for, checked, and the `rtl_433` command line it becomes.
 * Three ways to get rtl_433's messages:
 * - live: `rtl433-0` (dongle by index) or `rtl433-<serial>`, or `rtl_tcp=host:port` for an
 *   SDR served by rtl_tcp; `rtl_433 -F json -M level -d ... -f ... -s 1024k` as Kismet runs it;
 * - replay: a recording (`.cu8`, `.cs16`, `.cf32`, ...) read with `rtl_433 -r`, no hardware;
 * - attach: `attach=host:port` (or a URL) reads the event stream of an rtl_433 already running
 *   with `-F http`.
 * Options are checked here and passed as separate arguments, never through a shell, so a value
 * cannot smuggle another option in.
 */
import { extname } from 'node:path';
import { SvcError, type SourceDefinition } from '@svc/core';
import { channelName, DEFAULT_FREQUENCY_HZ, parseFrequencyHz } from './frequency.js';

/** Sample file extensions rtl_433 reads (its `-r` formats). */
export const RECORDING_EXTENSIONS = ['.cu8', '.cs8', '.cs16', '.cs12', '.cf32', '.cu4', '.s16', '.f32', '.u8', '.sr', '.ook', '.vcd'] as const;

/** Kismet's live sample rate. */
const LIVE_SAMPLE_RATE = '1024k';

/** Where the messages come from. */
export type Rtl433Input =
  | { readonly kind: 'live'; readonly device: string; readonly frequencyHz: number }
  | { readonly kind: 'replay'; readonly path: string }
  | { readonly kind: 'attach'; readonly url: URL };

/** A checked `rtl433` definition. */
export interface Rtl433Options {
  readonly input: Rtl433Input;
  /** Tuner gain in dB; undefined leaves rtl_433's automatic gain. */
  readonly gain?: number;
  /** Frequency correction in parts per million. */
  readonly ppm?: number;
  /** `-s` sample rate (`250k`, `1024k`, `2M`). */
  readonly sampleRate?: string;
  /** Decoders to enable (`-R n`) or, negative, disable (`-R -n`). */
  readonly protocols: readonly number[];
  /** A flex decoder spec (`-X`). */
  readonly flex?: string;
  /** An rtl_433 config file (`-c`); by default none is read. */
  readonly configFile?: string;
  /** `-r` input format prefix (`cu8`) for a recording whose name does not tell. */
  readonly format?: string;
}

const bad = (message: string) => new SvcError('SVC_ERR_BAD_DEFINITION', message);

/** Whether a path names an rtl_433 recording by its extension. */
export function isRecordingName(path: string): boolean {
  return (RECORDING_EXTENSIONS as readonly string[]).includes(extname(path).toLowerCase());
}

/** Interface names of live dongles: `rtl433`, `rtl433-<index>`, `rtl433-<serial>`. */
const LIVE_INTERFACE = /^rtl433(?:-(.+))?$/i;

/**
 * Dongle indexes are small numbers without leading zeros; anything else after `rtl433-` is a
 * serial number (RTL-SDR serials are often all digits, such as `00000001`).
 */
const DONGLE_INDEX = /^(?:0|[1-9]\d?)$/;

/** Whether `rtl433-<text>` names a dongle by index rather than by serial. */
export function isDongleIndex(text: string): boolean {
  return DONGLE_INDEX.test(text);
}

/** The `-d` value for a live interface name: an index, or `:serial`. */
function liveDevice(name: string): string | undefined {
  const match = LIVE_INTERFACE.exec(name);
  if (!match) return undefined;
  const which = match[1];
  if (which === undefined) return '0';
  return isDongleIndex(which) ? which : `:${which}`;
}

/** `attach=` as the URL of rtl_433's event stream (`host:port` means `http://host:port/events`). */
function attachUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw bad(`rtl433 option attach must be host:port or an http URL of rtl_433's HTTP output, got '${text}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`rtl433 option attach must be an http URL, got '${text}'`);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/events';
  return url;
}

function numberOption(definition: SourceDefinition, name: string, check: (value: number) => boolean, expected: string): number | undefined {
  const text = definition.options.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value)) throw bad(`rtl433 option ${name} must be ${expected}, got '${text}'`);
  return value;
}

/** `protocols=` as decoder numbers: `"40,41"`, `40;41`, `40+41` or `-12` to turn one off. */
function protocolList(text: string | undefined): number[] {
  if (text === undefined) return [];
  return text
    .split(/[,;+\s]+/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      if (!/^-?\d{1,4}$/.test(entry) || Number(entry) === 0) throw bad(`rtl433 option protocols must list rtl_433 decoder numbers (rtl_433 -R help lists them), got '${entry}'`);
      return Number(entry);
    });
}

/** Reads and checks an `rtl433` definition. */
export function readRtl433Options(definition: SourceDefinition): Rtl433Options {
  const { options } = definition;
  const frequencyText = options.get('frequency') ?? options.get('channel');
  const frequencyHz = frequencyText === undefined ? DEFAULT_FREQUENCY_HZ : parseFrequencyHz(frequencyText, options.has('frequency') ? 'frequency' : 'channel');
  let input: Rtl433Input;
  const attach = options.get('attach');
  const rtlTcp = options.get('rtl_tcp');
  if (attach !== undefined) {
    input = { kind: 'attach', url: attachUrl(attach) };
  } else if (rtlTcp !== undefined) {
    if (!/^[^\s:]+:\d{1,5}$/.test(rtlTcp)) throw bad(`rtl433 option rtl_tcp must be host:port, got '${rtlTcp}'`);
    input = { kind: 'live', device: `rtl_tcp:${rtlTcp}`, frequencyHz };
  } else {
    const device = liveDevice(definition.interface);
    if (device !== undefined) input = { kind: 'live', device, frequencyHz };
    else if (isRecordingName(definition.interface) || options.has('format')) input = { kind: 'replay', path: definition.interface };
    else throw bad(`rtl433 cannot tell what '${definition.interface}' is: name a dongle (rtl433-0, rtl433-<serial>), a recording (${RECORDING_EXTENSIONS.join(', ')}), or give rtl_tcp=host:port or attach=host:port`);
  }

  const gainText = options.get('gain');
  const gain = gainText?.toLowerCase() === 'auto' ? undefined : numberOption(definition, 'gain', (value) => value >= 0 && value <= 100, "a gain in dB (0 to 100) or 'auto'");
  const ppm = numberOption(definition, 'ppm', (value) => Number.isInteger(value) && Math.abs(value) <= 1000, 'a whole number of parts per million (-1000 to 1000)');
  const sampleRate = options.get('samplerate');
  if (sampleRate !== undefined && !/^\d+(?:\.\d+)?[kKmM]?$/.test(sampleRate)) throw bad(`rtl433 option samplerate must be a rate such as 250k, 1024k or 2M, got '${sampleRate}'`);
  const format = options.get('format');
  if (format !== undefined && !/^[a-z0-9.]+$/i.test(format)) throw bad(`rtl433 option format must be an rtl_433 file format such as cu8 or cs16, got '${format}'`);
  const flex = options.get('flex');
  if (flex !== undefined && flex.trim() === '') throw bad('rtl433 option flex must be an rtl_433 flex decoder spec (rtl_433 -X help)');
  return { input, gain, ppm, sampleRate, protocols: protocolList(options.get('protocols')), flex, configFile: options.get('conf'), format };
}

/** The rtl_433 arguments for a live or replay input (attach runs no rtl_433). */
export function rtl433Arguments(options: Rtl433Options): string[] {
  const args = ['-F', 'json', '-M', 'level'];
  args.push('-c', options.configFile ?? '0');
  for (const protocol of options.protocols) args.push('-R', String(protocol));
  if (options.flex !== undefined) args.push('-X', options.flex);
  if (options.gain !== undefined) args.push('-g', String(options.gain));
  if (options.ppm !== undefined) args.push('-p', String(options.ppm));
  const { input } = options;
  if (input.kind === 'live') {
    args.push('-d', input.device, '-f', String(input.frequencyHz), '-s', options.sampleRate ?? LIVE_SAMPLE_RATE);
  } else if (input.kind === 'replay') {
    if (options.sampleRate !== undefined) args.push('-s', options.sampleRate);
    args.push('-r', options.format ? `${options.format}:${input.path}` : input.path);
  }
  return args;
}

/** The channel a live input listens on, as Kismet names it. */
export function liveChannel(options: Rtl433Options): string | undefined {
  return options.input.kind === 'live' ? channelName(options.input.frequencyHz) : undefined;
}
