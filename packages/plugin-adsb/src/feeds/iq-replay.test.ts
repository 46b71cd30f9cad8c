/**
 * IQ recordings through the real dump1090-mutability: the 2.4 MS/s copy of antirez's modes1
 * recording gives the 319 frames dump1090's own `--raw` run gave (the shared data set's
 * reference was made that way), and the aircraft with them; a recording of rsadsb's signed
 * 16-bit samples through `iformat=sc16` gives its frames; a bad `iformat=` is refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, type SvcError } from '@svc/core';
import { createTestService, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import adsbPlugin from '../index.js';

let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());

const messages = () => t.svc.messages.all().map((message) => String(message['svc.messagebus.message_string']));

realDataTest(test, "modes1 at 2.4 MS/s through dump1090: its 319 frames, and AMC421", ['adsb/modes1.2400k.cu8', 'adsb/modes1.frames.txt'], async () => {
  const expected = readFileSync(realDataPath('adsb', 'modes1.frames.txt'), 'utf8').trim().split('\n').length;
  const source = await t.svc.datasources.add(`${realDataPath('adsb', 'modes1.2400k.cu8')}:type=adsb,name=iq`);
  await waitUntil('every frame', () => source.numPackets >= expected, { timeoutMs: 20_000 });
  assert.is(source.numPackets, expected);
  const devices = (await (await t.request('/devices/views/phy-ADSB/devices.json')).json()) as Record<string, any>[];
  assert.equal(devices.map((device) => device['adsb.device']['adsb.device.callsign']), ['AMC421']);
  assert.ok(!messages().some((text) => /dump1090-mutability is not installed/.test(text)));
});

realDataTest(test, "rsadsb's signed 16-bit recording through dump1090 with iformat=sc16", ['adsb/rsadsb_test_1641428165033.iq', 'adsb/rsadsb_test_1641428165033.frames.txt'], async () => {
  const expected = readFileSync(realDataPath('adsb', 'rsadsb_test_1641428165033.frames.txt'), 'utf8').trim().split('\n').length;
  const source = await t.svc.datasources.add(`${realDataPath('adsb', 'rsadsb_test_1641428165033.iq')}:type=adsb,iformat=sc16`);
  await waitUntil('every frame', () => source.numPackets >= expected, { timeoutMs: 20_000 });
  assert.is(source.numPackets, expected);
});

test('a bad iformat is refused with the values it takes', async () => {
  const refusal = (definition: string): Promise<string> =>
    t.svc.datasources.add(definition).then(
      () => `${definition} was accepted`,
      (error: SvcError) => error.message,
    );
  assert.match(await refusal(`${import.meta.filename}:type=adsb,format=iq,iformat=f32`), /iformat must be uc8, sc16, sc16q11, not 'f32'/);
});

test.run();
