/**
 * Where the test datasource puts its devices when asked to locate them: device `n` of `count`
 * at its own fixed place in a disc around a centre, spread evenly (a sunflower: the radius
 * grows with the square root of `n`, the angle by the golden angle), so a map of 100,000 test
 * devices has crowds to cluster everywhere and every device's position is known in advance.
 */

/** A centre and the radius devices are spread over. */
export interface PositionDisc {
  readonly lat: number;
  readonly lon: number;
  readonly radiusMetres: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const METRES_PER_DEGREE = 111_320;

/** The position of device `n` of `count` in the disc. */
export function testDevicePosition(disc: PositionDisc, n: number, count: number): { lat: number; lon: number } {
  const distance = disc.radiusMetres * Math.sqrt((n + 0.5) / count);
  const angle = n * GOLDEN_ANGLE;
  const north = distance * Math.cos(angle);
  const east = distance * Math.sin(angle);
  return {
    lat: disc.lat + north / METRES_PER_DEGREE,
    lon: disc.lon + east / (METRES_PER_DEGREE * Math.cos((disc.lat * Math.PI) / 180)),
  };
}
