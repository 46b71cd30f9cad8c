/**
 * The gpsd NMEA recordings in the shared test data (`serial/<name>.raw.nmea`, with a
 * `<name>.nmea-summary.json` reference beside each), for the tests that replay them.
 */
export const NMEA_RECORDINGS = ['gpsd_garmin17n', 'gpsd_bu353-glonass', 'gpsd_mtk-3301', 'gpsd_nmea-fuzzy-cases'] as const;
