/**
 * `@svc/plugin-serial`: serially attached sniffers and GPS receivers, built only on the public
 * plugin API. It owns the serial line settings every serial source shares; its datasource types
 * (framing, drivers, GPS) arrive with the serial capture work.
 */
import { definePlugin } from '@svc/core';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-serial';

/** Baud rate used when a serial source definition gives none. */
export const DEFAULT_BAUD_RATE = 115200;

/** The serial plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  configKeys: {
    serial_default_baudrate: `baud rate for serial sources whose definition sets none (default ${DEFAULT_BAUD_RATE})`,
  },
  apply(svc) {
    const baud = svc.config.getNumber('serial_default_baudrate', DEFAULT_BAUD_RATE, { min: 50, integer: true });
    svc.log.debug(`serial sources default to ${baud} baud`);
  },
});
