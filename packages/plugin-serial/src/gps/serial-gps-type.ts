/**
 * The `serial` GPS type (`gps=serial:device=/dev/ttyUSB0,baud=4800`): an NMEA-0183 receiver on a
 * serial port, 4800 baud unless `baud=` says otherwise. Each line is checked; a bad checksum
 * drops the sentence and counts it (the first one of a run is a message), and GGA/RMC/GSA feed
 * the position. An unplugged receiver is reported lost, and the GPS tracker reopens it.
 */
import { createNmeaFeed, SvcError, type GpsTypeDefinition } from '@svc/core';
import { LineFramer } from '../framing/line-framer.js';
import { parseBaudRate } from '../serial-options.js';
import { openSerialPort, watchSerialPort } from '../serial-port.js';

/** NMEA's standard speed. */
export const NMEA_DEFAULT_BAUD = 4800;

/** The serial GPS type. */
export const serialGpsType: GpsTypeDefinition = {
  name: 'serial',
  description: `an NMEA-0183 receiver on a serial port (device=, baud= default ${NMEA_DEFAULT_BAUD})`,
  async open(definition, context) {
    const device = definition.options.get('device');
    if (!device) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': the serial GPS needs device=<serial device>, e.g. serial:device=/dev/ttyUSB0`);
    const baudText = definition.options.get('baud') ?? definition.options.get('baudrate');
    const baud = baudText === undefined ? NMEA_DEFAULT_BAUD : parseBaudRate(baudText, `gps '${definition.line}': baud`, 'SVC_ERR_BAD_GPS_DEFINITION');
    const port = await openSerialPort(device, baud, 'SVC_ERR_GPS_OPEN');
    const feed = createNmeaFeed(context, device);
    const framer = new LineFramer({
      frame(line) {
        feed(line.toString('latin1'));
      },
      error(reason) {
        context.log.debug(`gps ${context.name}: ${reason}`);
      },
    });
    port.on('data', (chunk: Buffer) => framer.push(chunk));
    port.on('error', (error: Error) => context.log.debug(`gps ${context.name}: ${error.message}`));
    const link = watchSerialPort(port, device, () => context.lost(`serial device ${device} went away (unplugged?)`));
    return {
      description: `NMEA on ${device} at ${baud} baud`,
      close: () => link.close(),
    };
  },
};
