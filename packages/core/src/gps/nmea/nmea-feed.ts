/**
 * The line-by-line reading a GPS that speaks NMEA does, whatever carries the lines (a serial
 * port, a TCP connection): each line is checked; a bad one is dropped and only the first of a
 * run is a message (then they are counted silently until a good one comes), and the good ones
 * feed the position (GGA, RMC, GSA), whose fixes go to the GPS tracker.
 */
import type { GpsContext } from '../gps-type.js';
import { NmeaPosition } from './nmea-position.js';
import { readNmeaSentence } from './nmea-sentence.js';

/** Feeds one line (without its line end); true when it was a good sentence. */
export type NmeaFeed = (line: string) => boolean;

/** A feed of NMEA lines from `where` (for messages) into the GPS's context. */
export function createNmeaFeed(context: Pick<GpsContext, 'update' | 'message'>, where: string): NmeaFeed {
  const position = new NmeaPosition();
  let quietErrors = false;
  return (line) => {
    const result = readNmeaSentence(line);
    if (!result.ok) {
      if (!quietErrors) context.message(`dropped a line from ${where}: ${result.reason}; further ones are only counted`, 'error');
      quietErrors = true;
      return false;
    }
    quietErrors = false;
    const report = position.apply(result.sentence, Date.now() / 1000);
    if (report) context.update(report.fix);
    return true;
  };
}
