/**
 * The `serialjson` datasource type: a home-made sniffer on a serial port speaking the
 * line protocol in `serialjson-line.ts`
 * (`svc start -c serialjson-esp32:device=/dev/ttyUSB0,baudrate=115200`). Built on the serial
 * source framework with line framing, as any plugin author's serial type would be.
 */
import { stableUuid, type DatasourceTypeDefinition } from '@svc/core';
import { LineFramer } from '../framing/line-framer.js';
import { openSerialCapture } from '../serial-capture.js';
import { readSerialLine, SERIAL_SOURCE_OPTIONS } from '../serial-options.js';
import { serialJsonPacket } from './serialjson-line.js';

/** Type name; interfaces named `serialjson...` are recognised without `type=`. */
export const SERIALJSON_TYPE = 'serialjson';

/** Builds the type; `defaultBaud` is used when a definition gives no rate. */
export function createSerialJsonType(defaultBaud: number): DatasourceTypeDefinition {
  return {
    name: SERIALJSON_TYPE,
    description: 'a home-made sniffer sending one JSON object per line: device reports or raw packets (device=, baudrate=)',
    capabilities: { probe: true, list: false, local: true, remote: true, passive: false, tune: false, hop: false },
    options: SERIAL_SOURCE_OPTIONS,
    validate: (definition) => void readSerialLine(definition, SERIALJSON_TYPE, defaultBaud),
    probe: async (definition) => definition.interface.toLowerCase().startsWith(SERIALJSON_TYPE),
    uuidFor: (definition) => stableUuid(SERIALJSON_TYPE, definition.options.get('device') ?? definition.interface),
    async open(definition, context) {
      const line = readSerialLine(definition, SERIALJSON_TYPE, defaultBaud);
      return openSerialCapture(
        {
          ...line,
          framer: (sink) => new LineFramer(sink),
          decode: (frame, uuid) => serialJsonPacket(frame.toString('utf8'), uuid),
          info: { hardware: 'serial JSON sniffer' },
        },
        context,
      );
    },
  };
}
