/**
 * `@svc/plugin-serial`: serially attached sniffers, built only on the public plugin API. It
 * provides the serial source framework (port, framings, decoders, error counting, reconnect)
 * for its own types and for other plugins; the `nrf51822` BLE sniffer type, whose link-layer
 * packets the `BTLE` PHY of `@svc/plugin-bluetooth` decodes; the `serialjson` type
 * for home-made sniffers (its reports also as a report format, for sources that carry reports,
 * such as a broker's); and the `serial` GPS type for NMEA receivers
 * (`gps=serial:device=/dev/ttyUSB0`).
 */
import { definePlugin } from '@svc/core';
import { nrf51822Type } from './nrf51822/nrf51822-type.js';
import { DeviceReports } from './serialjson/device-reports.js';
import { serialJsonReportFormat } from './serialjson/serialjson-report-format.js';
import { createSerialJsonType } from './serialjson/serialjson-type.js';
import { serialGpsType } from './gps/serial-gps-type.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-serial';

/** Baud rate used when a serial source definition gives none. */
export const DEFAULT_BAUD_RATE = 115200;

/** The serial plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: {
    serial_default_baudrate: `baud rate for serial sources whose definition sets none (default ${DEFAULT_BAUD_RATE})`,
  },
  apply(svc) {
    const baud = svc.config.getNumber('serial_default_baudrate', DEFAULT_BAUD_RATE, { min: 50, integer: true });
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(createSerialJsonType(baud));
      types.add(nrf51822Type);
    });
    svc.hooks.reportFormats.tap(PLUGIN_NAME, (formats) => formats.add(serialJsonReportFormat));
    svc.hooks.gpsTypes.tap(PLUGIN_NAME, (types) => types.add(serialGpsType));
    const reports = new DeviceReports(svc);
    svc.hooks.packet.for('classify').tap(PLUGIN_NAME, (packet) => {
      const report = packet.annotations.serialjson;
      if (report) reports.apply(packet, report);
    });
  },
});

export { openSerialCapture, type SerialCaptureOptions } from './serial-capture.js';
export { readSerialLine, parseBaudRate, BAUD_RATES, type SerialLine } from './serial-options.js';
export type { Framer, FrameSink, FramerFactory } from './framing/framer.js';
export { LineFramer } from './framing/line-framer.js';
export { NordicSlipFramer, slipEncode } from './framing/nordic-slip-framer.js';
export { StxXorFramer, stxEncode, xorChecksum } from './framing/stx-xor-framer.js';
export { SERIALJSON_TYPE } from './serialjson/serialjson-type.js';
export { SERIALJSON_RECORD_TYPE, serialJsonPacket, type DeviceReport } from './serialjson/serialjson-line.js';
export { serialGpsType, NMEA_DEFAULT_BAUD } from './gps/serial-gps-type.js';
export { openSerialPort, watchSerialPort } from './serial-port.js';
export { NRF51822_TYPE, NRF51822_DEFAULT_BAUD, nrf51822Type } from './nrf51822/nrf51822-type.js';
export { nordicSnifferPacket, readNordicFrame, NordicPacketId, type NordicFrame } from './nrf51822/nordic-sniffer-frame.js';
