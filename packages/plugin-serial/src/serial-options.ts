/**
 * The line settings of a serial source definition: `device=` (required) and `baudrate=` (or
 * `baud=`, as GPS definitions spell it), checked against the rates a UART can be set to.
 */
import { SvcError, type ErrorCode, type SourceDefinition } from '@svc/core';

/** Rates termios accepts (the ones serial sniffers and GPS receivers use). */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 921600, 1000000, 2000000] as const;

/** The options every serial source type takes, for its `options` declaration. */
export const SERIAL_SOURCE_OPTIONS = {
  device: 'the serial device (/dev/ttyUSB0); required',
  baudrate: `line speed, one of ${BAUD_RATES.join(', ')}`,
  baud: 'the same as baudrate',
} as const;

/** Device and speed of a serial source. */
export interface SerialLine {
  readonly device: string;
  readonly baudRate: number;
}

/** Reads `device=` and `baudrate=` from a definition; `defaultBaud` when no rate is given. */
export function readSerialLine(definition: SourceDefinition, type: string, defaultBaud: number): SerialLine {
  const device = definition.options.get('device');
  if (device === undefined || device.trim() === '') {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `${type} needs device=<serial device>, e.g. ${definition.interface}:device=/dev/ttyUSB0`);
  }
  const text = definition.options.get('baudrate') ?? definition.options.get('baud');
  return { device, baudRate: text === undefined ? defaultBaud : parseBaudRate(text, `${type} option baudrate`, 'SVC_ERR_BAD_DEFINITION') };
}

/** A baud rate a UART can be set to; otherwise an error of `code` saying `<what> must be one of ...`. */
export function parseBaudRate(text: string, what: string, code: ErrorCode): number {
  const baudRate = Number(text);
  if (!(BAUD_RATES as readonly number[]).includes(baudRate)) throw new SvcError(code, `${what} must be one of ${BAUD_RATES.join(', ')}, got '${text}'`);
  return baudRate;
}
