/**
 * `/gps/track.json` over a real web GPS: positions a browser posts become the sensor's track,
 * in order, a small shuffle in place adds nothing, and `since` gives what came after a time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestService } from '../../testing/index.js';

test("the positions a web GPS reports are the sensor's track", async () => {
  const t = await createTestService({ config: { gps: ['web:name=phone'] }, log: createLogger({ write: () => {} }) });
  try {
    await t.svc.start();
    const post = (lat: number, lon: number) => t.request('/gps/web/update.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lat, lon, alt: 12 }) });
    const drive = [[52.37, 4.89], [52.371, 4.89], [52.372, 4.891], [52.372000001, 4.891]] as const;
    for (const [lat, lon] of drive) {
      assert.is((await post(lat, lon)).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const track = ((await (await t.request('/gps/track.json')).json()) as Record<string, unknown>)['svc.gps.track'] as number[][];
    assert.equal(track.map((point) => point.slice(1)), [[52.37, 4.89, 12], [52.371, 4.89, 12], [52.372, 4.891, 12]], 'the last post moved under a millimetre');
    const since = ((await (await t.request(`/gps/track.json?since=${track[0]![0]}`)).json()) as Record<string, unknown>)['svc.gps.track'] as number[][];
    assert.equal(since, track.slice(1));
    assert.is((await t.request('/gps/track.json?since=soon')).status, 400);
  } finally {
    await t.close();
  }
});

test.run();
