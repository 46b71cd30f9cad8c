/**
 * The `nrf51822` datasource type: a Nordic nRF51822 (Adafruit Bluefruit LE Sniffer) running the
 * nRF Sniffer firmware, on a serial port (`nrf51822-0:device=/dev/ttyUSB0`). Built on the serial
 * source framework with Nordic SLIP framing; each packet event becomes a DLT 256 packet that the
 * BTLE PHY decodes. The firmware follows advertising channels 37, 38 and 39 by itself.
 */
import { stableUuid, type DatasourceTypeDefinition } from '@svc/core';
import { DLT_BLUETOOTH_LE_LL_WITH_PHDR } from './le-phdr.js';
import { NordicSlipFramer } from '../framing/nordic-slip-framer.js';
import { openSerialCapture } from '../serial-capture.js';
import { readSerialLine, SERIAL_SOURCE_OPTIONS } from '../serial-options.js';
import { nordicSnifferPacket } from './nordic-sniffer-frame.js';

/** Type name; interfaces named `nrf51822...` are recognised without `type=`. */
export const NRF51822_TYPE = 'nrf51822';
/** Speed of the Adafruit sniffer's firmware; Nordic's 2.x and later use 1000000 (`baudrate=`). */
export const NRF51822_DEFAULT_BAUD = 460800;
/** The advertising channels the sniffer listens on. */
const ADVERTISING_CHANNELS = ['37', '38', '39'];

/** The nrf51822 type. */
export const nrf51822Type: DatasourceTypeDefinition = {
  name: NRF51822_TYPE,
  description: `Nordic nRF51822 BLE sniffer (nRF Sniffer firmware) on a serial port (device=, baudrate= default ${NRF51822_DEFAULT_BAUD})`,
  capabilities: { probe: true, list: false, local: true, remote: true, passive: true, tune: false, hop: false },
  options: SERIAL_SOURCE_OPTIONS,
  validate: (definition) => void readSerialLine(definition, NRF51822_TYPE, NRF51822_DEFAULT_BAUD),
  probe: async (definition) => definition.interface.toLowerCase().startsWith(NRF51822_TYPE),
  uuidFor: (definition) => stableUuid(NRF51822_TYPE, definition.options.get('device') ?? definition.interface),
  async open(definition, context) {
    const line = readSerialLine(definition, NRF51822_TYPE, NRF51822_DEFAULT_BAUD);
    return openSerialCapture(
      {
        ...line,
        framer: (sink) => new NordicSlipFramer(sink),
        decode: (frame, uuid) => nordicSnifferPacket(frame, uuid),
        assertLines: true,
        info: { hardware: 'nRF51822 BLE sniffer', dlt: DLT_BLUETOOTH_LE_LL_WITH_PHDR, channels: ADVERTISING_CHANNELS, channel: '37' },
      },
      context,
    );
  },
};
