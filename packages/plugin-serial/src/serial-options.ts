/**
 * The line settings of a serial source definition: `device=` (required) and `baudrate=` (or
 * `baud=`, as GPS definitions spell it), checked against the rates a UART can be set to.
 */
import { SvcError, type SourceDefinition } from '@svc/core';

/** Rates termios accepts (the ones serial sniffers and GPS receivers use). */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 921600, 1000000, 2000000] as const;

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
  if (text === undefined) return { device, baudRate: defaultBaud };
  const baudRate = Number(text);
  if (!(BAUD_RATES as readonly number[]).includes(baudRate)) {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `${type} option baudrate must be one of ${BAUD_RATES.join(', ')}, got '${text}'`);
  }
  return { device, baudRate };
}
