/**
 * The frequency rtl_433 measured a message at (with `-M level`), in MHz as rtl_433 prints it:
 * `freq` for OOK sensors, `freq1` and then `freq2` (the two FSK tones) otherwise, the order in
 * which Kismet's sensor PHY looks. The decoder gives it to the packet, the tyre report keeps it.
 */

/** The measured frequency in MHz; undefined when the message has none (or says 0). */
export function heardFrequencyMhz(message: Record<string, unknown>): number | undefined {
  for (const key of ['freq', 'freq1', 'freq2']) {
    const value = message[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}
