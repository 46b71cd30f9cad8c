/**
 * One second of a synthetic receiver's output: from the true point, the receiver's state and
 * the satellites it hears, the sentences of that second in the receiver's order, each with the
 * fix it carries in the summaries' form. Before the receiver knows the time every time field is
 * empty; without a fix the position fields are empty and the status says so (RMC `V`, GGA
 * quality 0, GSA mode 1); a 2D fix has no altitude.
 */
import type { NmeaSummaryFix } from './nmea-summary.js';
import { summaryDegrees } from './nmea-summary.js';
import type { EmittedLine } from './nmea-ground-truth.js';
import { nmeaCoordinate, nmeaDate, nmeaDateFields, nmeaSentence, nmeaTimeOfDay, type NmeaCoordinateText } from './nmea-fields.js';
import { dilutionOfPrecision, type ReceiverState, type SatelliteReading } from './satellite-sky.js';
import { solutionTalker, SYSTEM_ID, SYSTEM_TALKER, type NmeaSentenceType, type ReceiverModel } from './receiver-model.js';
import type { TrackPoint } from './gps-track.js';

/** Everything one second's sentences are made from. */
export interface ReceiverEpoch {
  readonly point: TrackPoint;
  readonly state: ReceiverState;
  /** The sky as heard this second. */
  readonly satellites: readonly SatelliteReading[];
  /** Whether this second lists the sky (GSV). */
  readonly listsSky: boolean;
  /** Geoid height above the ellipsoid here, metres (GGA's separation field). */
  readonly geoidSeparationM: number;
}

/** What a second's sentences say, in the form the ground truth keeps. */
export interface EpochWriting {
  readonly lines: EmittedLine[];
  /** The position as written, with a fix. */
  readonly lat?: NmeaCoordinateText;
  readonly lon?: NmeaCoordinateText;
  readonly altText: string;
  readonly speedKnotsText: string;
  readonly courseText: string;
  /** Satellites the solution uses (GGA's count). */
  readonly satellitesUsed: number;
}

const MPS_TO_KNOTS = 3600 / 1852;

/** The sentences of one second, in the model's order. */
export function epochSentences(epoch: ReceiverEpoch, model: ReceiverModel): EpochWriting {
  const { point, state } = epoch;
  const hasTime = state !== 'no-time';
  const hasFix = state === 'fix-2d' || state === 'fix-3d';
  const time = hasTime ? nmeaTimeOfDay(point.timeMs, model.timeDecimals) : '';
  const date = hasTime ? nmeaDate(point.timeMs) : '';
  const lat = hasFix ? nmeaCoordinate(point.lat, 'lat', model.coordinateDecimals) : undefined;
  const lon = hasFix ? nmeaCoordinate(point.lon, 'lon', model.coordinateDecimals) : undefined;
  const position = lat && lon ? [lat.value, lat.hemisphere, lon.value, lon.hemisphere] : ['', '', '', ''];
  const altText = state === 'fix-3d' ? point.altM.toFixed(1) : '';
  const speedKnotsText = hasFix ? (point.speedMps * MPS_TO_KNOTS).toFixed(3) : '';
  const courseText = hasFix ? point.course.toFixed(2) : '';
  const mode = hasFix ? 'A' : 'N';
  const used = epoch.satellites.filter((satellite) => satellite.used);
  const dop = dilutionOfPrecision(hasFix ? used.length : 0);
  const solution = solutionTalker(model);
  const degrees = (coordinate: NmeaCoordinateText | undefined) => summaryDegrees(coordinate!.degrees);

  const line = (tag: string, fields: readonly string[], fix?: NmeaSummaryFix): EmittedLine => ({ text: nmeaSentence(tag, fields), tag, checksum: 'valid', ...(fix ? { fix } : {}) });
  const sentences: Record<NmeaSentenceType, () => EmittedLine[]> = {
    RMC: () => [
      line(
        `${solution}RMC`,
        [time, hasFix ? 'A' : 'V', ...position, speedKnotsText, courseText, date, '', '', mode],
        hasFix ? { sentence: 'RMC', time, date, lat: degrees(lat), lon: degrees(lon) } : undefined,
      ),
    ],
    VTG: () => [line(`${solution}VTG`, [courseText, courseText ? 'T' : '', '', 'M', speedKnotsText, speedKnotsText ? 'N' : '', hasFix ? (point.speedMps * 3.6).toFixed(3) : '', hasFix ? 'K' : '', mode])],
    GGA: () => {
      const sats = `${hasFix ? used.length : 0}`.padStart(2, '0');
      const quality = hasFix ? 1 : 0;
      return [
        line(
          `${solution}GGA`,
          [time, ...position, `${quality}`, sats, dop.hdop.toFixed(2), altText, altText ? 'M' : '', hasFix ? epoch.geoidSeparationM.toFixed(1) : '', hasFix ? 'M' : '', '', ''],
          hasFix ? { sentence: 'GGA', time, lat: degrees(lat), lon: degrees(lon), quality, sats, alt_m: altText } : undefined,
        ),
      ];
    },
    GSA: () =>
      model.systems.map((system) => {
        const prns = used.filter((satellite) => satellite.system === system).map((satellite) => `${satellite.prn}`.padStart(2, '0'));
        const slots = [...prns, ...Array<string>(12 - prns.length).fill('')];
        const dops = [dop.pdop, dop.hdop, dop.vdop].map((value) => value.toFixed(2));
        const tail = model.systems.length > 1 ? [`${SYSTEM_ID[system]}`] : [];
        return line(`${solution}GSA`, ['A', state === 'fix-3d' ? '3' : state === 'fix-2d' ? '2' : '1', ...slots, ...dops, ...tail]);
      }),
    GSV: () => (epoch.listsSky ? model.systems.flatMap((system) => skyView(SYSTEM_TALKER[system], hasTime ? epoch.satellites.filter((satellite) => satellite.system === system) : [])) : []),
    GLL: () => [line(`${solution}GLL`, [...position, time, hasFix ? 'A' : 'V', mode])],
    ZDA: () => [line(`${solution}ZDA`, [time, ...(hasTime ? nmeaDateFields(point.timeMs) : ['', '', '']), '00', '00'])],
  };
  return { lines: model.order.flatMap((type) => sentences[type]()), lat, lon, altText, speedKnotsText, courseText, satellitesUsed: hasFix ? used.length : 0 };

  /** GSV sentences of one system: four satellites each, an empty listing as one sentence. */
  function skyView(talker: string, satellites: readonly SatelliteReading[]): EmittedLine[] {
    const total = Math.max(1, Math.ceil(satellites.length / 4));
    const count = `${satellites.length}`.padStart(2, '0');
    return Array.from({ length: total }, (_, index) => {
      const fields = satellites.slice(index * 4, index * 4 + 4).flatMap((satellite) => [
        `${satellite.prn}`.padStart(2, '0'),
        `${satellite.elevation}`.padStart(2, '0'),
        `${satellite.azimuth}`.padStart(3, '0'),
        satellite.snr === undefined ? '' : `${satellite.snr}`.padStart(2, '0'),
      ]);
      return line(`${talker}GSV`, [`${total}`, `${index + 1}`, count, ...fields]);
    });
  }
}
