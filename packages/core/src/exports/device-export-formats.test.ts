/**
 * The KML and GPX writers on devices a server would rarely see: names with control characters
 * (not allowed in XML at all), markup and quotes, the southern and western hemispheres, an
 * altitude, a device heard with no signal. GPSBabel must read back every point, name and
 * altitude as written; the files carry the namespaces Google Earth and GPX 1.1 readers expect.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gpsbabelPoints } from '../testing/gpsbabel.js';
import { DEVICE_EXPORT_FORMATS } from './device-export-formats.js';
import type { LocatedDevice } from './located-device.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-export-formats-'));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

const device = (overrides: Partial<LocatedDevice>): LocatedDevice => ({
  key: '4202770D00000000_02000000000A',
  mac: '02:00:00:00:00:0A',
  phy: 'IEEE802.11',
  name: 'plain',
  type: 'Wi-Fi AP',
  manuf: 'Acme',
  lat: 52.2215,
  lon: 6.8937,
  alt: 0,
  estimated: true,
  samples: 20,
  radius: 14.26,
  lastSignal: -61,
  maxSignal: -48,
  firstTime: 1_760_000_000,
  lastTime: 1_760_000_300,
  ...overrides,
});

const DEVICES = [
  device({ name: 'bell\u0007 & <b>"quoted"</b> \'single\' café 🙂' }),
  device({ name: 'south-west', mac: '02:00:00:00:00:0B', lat: -33.8688197, lon: -151.2092948, alt: -12.5, estimated: false, samples: 0, radius: 0, lastSignal: undefined, maxSignal: undefined }),
];

for (const format of Object.values(DEVICE_EXPORT_FORMATS)) {
  test(`${format.name}: GPSBabel reads back every point, name and altitude as written`, async () => {
    const text = [...format.document(DEVICES, 'title & <more>', 1_760_000_400)].join('');
    assert.match(text, format.name === 'kml' ? '<kml xmlns="http://www.opengis.net/kml/2.2">' : 'xmlns="http://www.topografix.com/GPX/1/1"');
    assert.not.match(text, '\u0007');
    const file = join(scratch, `devices.${format.extension}`);
    writeFileSync(file, text);
    const points = await gpsbabelPoints(file, format.name);
    assert.equal(
      points.map((point) => [point.Name, point.Latitude, point.Longitude, point.Altitude]),
      [
        ['bell & <b>"quoted"</b> \'single\' café 🙂', '52.221500', '6.893700', ''],
        ['south-west', '-33.868820', '-151.209295', '-12.5'],
      ],
    );
    assert.match(points[0]!.Description!, 'Signal: -61 dBm (strongest -48 dBm)');
    assert.match(points[0]!.Description!, 'Position: estimate from 20 samples, radius 14 m');
    assert.match(points[1]!.Description!, 'Position: last fix');
    assert.not.match(points[1]!.Description!, 'Signal');
  });
}

test.run();
