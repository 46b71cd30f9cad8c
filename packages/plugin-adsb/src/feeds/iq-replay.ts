/**
 * Raw IQ recordings of 1090 MHz (an rtl_sdr `.cu8`/`.bin` capture at 2.4 MS/s, or signed 16-bit
 * samples) are demodulated by `dump1090-mutability --ifile` when it is installed: svc reads the
 * frames it prints (`--raw`, AVR lines) as it reads rtl_adsb's. `-c recording.cu8:type=adsb`
 * replays one (`iformat=uc8|sc16|sc16q11`, default uc8); the program's end is the recording's.
 */
import { openHelperCapture, SvcError, type Capture, type OpenContext, type Packet, type StderrVerdict } from '@svc/core';
import { AvrStream } from './avr-stream.js';
import { DLT_MODE_S, modeSPacket } from './mode-s-link-type.js';

/** The demodulator, looked up on PATH. */
export const DUMP1090_COMMAND = 'dump1090-mutability';
/** The sample formats `--iformat` takes, by svc's option value. */
const IQ_FORMATS: Readonly<Record<string, string>> = { uc8: 'UC8', sc16: 'SC16', sc16q11: 'SC16Q11' };
/** File names svc takes for IQ recordings (their bytes have no header to tell them by). */
export const IQ_EXTENSIONS = /\.(cu8|bin|iq|cs16|raw)$/i;

/** dump1090's own lines: its banner and progress are debug; anything else is not shown. */
function classifyStderr(line: string): StderrVerdict | undefined {
  if (/starting up\.$|Using sample converter|Waiting for receive thread termination|Normal exit\.?$/.test(line)) return { level: 'debug' };
  if (/^(Error|Failed|Unable)/i.test(line)) return { level: 'error' };
  return undefined;
}

/** The `--iformat` of an `iformat=` option; throws on a value dump1090 does not take. */
export function iqFormat(option: string | undefined): string {
  if (option === undefined) return IQ_FORMATS.uc8!;
  const format = IQ_FORMATS[option.toLowerCase()];
  if (format === undefined) throw new SvcError('SVC_ERR_BAD_DEFINITION', `adsb option iformat must be ${Object.keys(IQ_FORMATS).join(', ')}, not '${option}'`);
  return format;
}

/** Replays an IQ recording through dump1090. */
export async function openIqRecording(command: string, path: string, iformat: string, context: OpenContext): Promise<Capture> {
  const lines = new AvrStream();
  const toPackets = (line: string): Packet[] => {
    return lines.push(Buffer.from(`${line}\n`, 'latin1')).map((frame) => modeSPacket(frame.frame, context.uuid));
  };
  return openHelperCapture(
    {
      command,
      args: ['--ifile', path, '--iformat', iformat, '--raw'],
      name: 'dump1090-mutability',
      installHint: 'install the dump1090-mutability package to replay IQ recordings',
      parseLine: toPackets,
      classifyStderr,
      anyExitFails: false,
      info: { captureInterface: path, hardware: `IQ recording (${iformat}) through dump1090`, dlt: DLT_MODE_S },
    },
    context,
  );
}
