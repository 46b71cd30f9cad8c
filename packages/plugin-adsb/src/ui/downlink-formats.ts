/**
 * Mode S downlink formats in words: the record counts an aircraft's messages by format number
 * (`adsb.device.df_counts`), and the panel says what each format is.
 */

const DOWNLINK_FORMATS: Readonly<Record<number, string>> = {
  0: 'short air-air surveillance',
  4: 'surveillance, altitude reply',
  5: 'surveillance, identity reply',
  11: 'all-call reply',
  16: 'long air-air surveillance',
  17: 'extended squitter (ADS-B)',
  18: 'extended squitter, non-transponder',
  19: 'military extended squitter',
  20: 'Comm-B, altitude reply',
  21: 'Comm-B, identity reply',
  24: 'Comm-D extended length message',
};

/** A downlink format as `DF17 extended squitter (ADS-B)`; `DFn` alone for one Mode S does not define. */
export function downlinkFormatText(df: number): string {
  const name = DOWNLINK_FORMATS[df];
  return name === undefined ? `DF${df}` : `DF${df} ${name}`;
}
