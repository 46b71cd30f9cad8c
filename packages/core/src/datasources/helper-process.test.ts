/**
 * The helper-process utility against real child processes (node scripts standing in for
 * rtl_433 and friends): lines to packets without loss under backpressure, a dying helper's exit
 * code and stderr as the capture's error, a missing program, a program that will not stop, and
 * the restart under the retry policy when it runs under the datasource tracker.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { definePlugin } from '../plugin.js';
import type { Packet } from '../packets/packet.js';
import { createTestService, testPhyPlugin, waitUntil } from '../testing/index.js';
import { testPacket } from '../testing/test-source.js';
import type { DatasourceTypeDefinition, OpenContext } from './datasource-type.js';
import { openHelperCapture, type HelperProcessOptions } from './helper-process.js';

const quiet = createLogger({ write: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function context(messages: string[] = []): OpenContext {
  return { uuid: 'HELPER-UUID', log: quiet, message: (text, level = 'info') => messages.push(`${level}: ${text}`) };
}

/** Runs a node script as the helper; each stdout line `{"n":…}` becomes a packet. */
function nodeHelper(script: string, extra: Partial<HelperProcessOptions> = {}): HelperProcessOptions {
  return {
    command: process.execPath,
    args: ['-e', script],
    name: 'fake-helper',
    // A clean environment: the test runner's colour settings make node print a warning on stderr.
    env: { PATH: process.env.PATH },
    parseLine: (line) => ({ tsSec: 0, tsUsec: 0, sourceUuid: 'HELPER-UUID', dlt: 0, annotations: {}, json: { type: 'TEST', text: line } }) as Packet,
    ...extra,
  };
}

const numbersOf = (packets: readonly Packet[]) => packets.map((packet) => (JSON.parse(packet.json!.text) as { n: number }).n);

test('every stdout line becomes a packet, in order; a slow reader pauses the program instead of buffering it all', async () => {
  const total = 60_000;
  const capture = await openHelperCapture(
    nodeHelper(`let s=''; for (let i=0;i<${total};i++){ s+=JSON.stringify({n:i})+'\\n'; if (s.length>16384){ process.stdout.write(s); s=''; } } process.stdout.write(s);`),
    context(),
  );
  await sleep(300);
  const seen: number[] = [];
  let largestBatch = 0;
  for await (const batch of capture.packets) {
    largestBatch = Math.max(largestBatch, batch.length);
    seen.push(...numbersOf(batch));
    await sleep(1);
  }
  assert.is(seen.length, total);
  assert.ok(seen.every((n, index) => n === index), 'lines arrive in order, none lost');
  assert.ok(largestBatch < total / 2, `the program was paused while the reader slept (largest batch ${largestBatch})`);
});

test('a helper that dies fails the capture with its exit code and last stderr lines, after the lines it printed', async () => {
  const capture = await openHelperCapture(
    nodeHelper(`console.log('{"n":1}'); console.log('{"n":2}'); console.error('found device 0'); console.error('usb device lost'); process.exit(3);`),
    context(),
  );
  const seen: number[] = [];
  let failure: Error | undefined;
  try {
    for await (const batch of capture.packets) seen.push(...numbersOf(batch));
  } catch (error) {
    failure = error as Error;
  }
  assert.equal(seen, [1, 2]);
  assert.is(failure?.message, 'fake-helper exited with code 3: found device 0 / usb device lost');
});

test('a program that is not installed, or exits during start-up, fails the open with the reason', async () => {
  try {
    await openHelperCapture({ ...nodeHelper(''), command: 'svc-no-such-program', name: 'svc-no-such-program', installHint: 'apt-get install svc-no-such' }, context());
    assert.unreachable('opened');
  } catch (error) {
    assert.is((error as Error).message, "svc-no-such-program is not installed: 'svc-no-such-program' was not found on PATH (apt-get install svc-no-such)");
  }
  try {
    await openHelperCapture(nodeHelper(`console.error('No supported devices found.'); process.exit(1);`, { startupMs: 2000 }), context());
    assert.unreachable('opened');
  } catch (error) {
    assert.is((error as Error).message, 'fake-helper exited with code 1: No supported devices found.');
  }
});

test('stderr lines become messages when asked; unreadable stdout lines are reported once and skipped', async () => {
  const messages: string[] = [];
  const capture = await openHelperCapture(
    nodeHelper(`console.error('Tuned to 433.920MHz.'); console.error('banner'); console.log('garbage'); console.log('{"n":1}'); console.log('more garbage');`, {
      parseLine: (line) => {
        const n = (JSON.parse(line) as { n: number }).n;
        return testPacket({ mac: '00:00:00:00:00:01', signal: n }, 'HELPER-UUID');
      },
      classifyStderr: (line) => (line.startsWith('Tuned') ? { level: 'info' } : line === 'banner' ? { level: 'debug' } : undefined),
    }),
    context(messages),
  );
  let count = 0;
  for await (const batch of capture.packets) count += batch.length;
  assert.is(count, 1);
  assert.is(messages.filter((message) => message === 'info: fake-helper: Tuned to 433.920MHz.').length, 1);
  assert.is(messages.filter((message) => message.startsWith('error: fake-helper printed a line svc could not read')).length, 1);
  assert.not.ok(messages.some((message) => message.includes('banner')));
});

test('with a stderr classifier only the lines it posts explain an exit; anyExitFails makes a clean exit a failure', async () => {
  const capture = await openHelperCapture(
    nodeHelper(`console.error('banner v1'); console.error('Async read stalled, exiting!'); console.error('banner again'); process.exit(0);`, {
      classifyStderr: (line) => (line.includes('stalled') ? { level: 'error' } : line.startsWith('banner') ? { level: 'debug' } : undefined),
      anyExitFails: true,
    }),
    context(),
  );
  let failure: Error | undefined;
  try {
    for await (const batch of capture.packets) void batch;
  } catch (error) {
    failure = error as Error;
  }
  assert.is(failure?.message, 'fake-helper exited with code 0: Async read stalled, exiting!');
});

test('stderr lines a classifier does not recognise are never shown, only counted; recognised ones may be reworded', async () => {
  const messages: string[] = [];
  const logged: string[] = [];
  const capture = await openHelperCapture(
    nodeHelper(
      `console.error('Unknown keyword "root:$6$secret:19000"'); console.error('root:$6$another-secret'); console.error('  [-V] usage line'); console.error('Tuned to 433.920MHz.'); process.exit(1);`,
      {
        classifyStderr: (line) => (line.startsWith('Tuned') ? { level: 'info' } : line.startsWith('Unknown keyword') ? { level: 'error', text: 'Unknown keyword in the config file (the line is not shown)' } : undefined),
      },
    ),
    { uuid: 'U', log: { ...createLogger({ write: () => {} }), debug: (text: string) => void logged.push(text) }, message: (text, level = 'info') => void messages.push(`${level}: ${text}`) },
  );
  let failure: Error | undefined;
  try {
    for await (const batch of capture.packets) void batch;
  } catch (error) {
    failure = error as Error;
  }
  assert.is(failure?.message, 'fake-helper exited with code 1: Unknown keyword in the config file (the line is not shown) / Tuned to 433.920MHz. (and 2 stderr lines not shown)');
  assert.equal(messages, [
    'error: fake-helper: Unknown keyword in the config file (the line is not shown)',
    'error: fake-helper printed a line that is not one of its known diagnostics; such lines are not shown, since they may quote a file it read',
    'info: fake-helper: Tuned to 433.920MHz.',
  ]);
  assert.not.ok([...messages, ...logged, failure!.message].some((text) => text.includes('secret')), 'the secret lines appear nowhere');
});

test('close stops the program, with SIGKILL when it ignores SIGTERM, and ends the packets without an error', async () => {
  const capture = await openHelperCapture(
    nodeHelper(`process.on('SIGTERM', () => {}); console.log('{"n":1}'); setInterval(() => {}, 1000);`, { killAfterMs: 200 }),
    context(),
  );
  let count = 0;
  const reading = (async () => {
    for await (const batch of capture.packets) count += batch.length;
    return count;
  })();
  // Its first line comes after its SIGTERM handler is in place (a fixed sleep was too short for a loaded machine).
  await waitUntil('the helper printed its line', () => count === 1, { timeoutMs: 30_000 });
  const started = Date.now();
  await capture.close();
  assert.ok(Date.now() - started >= 150, 'it waited for SIGTERM before killing');
  assert.is(await reading, 1);
});

test('under the datasource tracker a dying helper puts its source in error with the reason and is restarted by the retry policy', async () => {
  let opens = 0;
  const dying: DatasourceTypeDefinition = {
    name: 'dyinghelper',
    description: 'a helper that prints two reports and dies',
    capabilities: { probe: false, list: false, local: true, remote: false, passive: false, tune: false, hop: false },
    open: async (_definition, openContext) => {
      opens++;
      return openHelperCapture(
        nodeHelper(`console.log('{"n":1}'); console.log('{"n":2}'); setTimeout(() => { console.error('device unplugged'); process.exit(2); }, 50);`, {
          parseLine: (line) => testPacket({ mac: `00:00:00:00:00:0${(JSON.parse(line) as { n: number }).n}` }, openContext.uuid),
        }),
        openContext,
      );
    },
  };
  const t = await createTestService({
    plugins: [testPhyPlugin, definePlugin({ name: 'dying-helper', apply: (svc) => svc.hooks.datasourceTypes.tap('dying-helper', (types) => types.add(dying)) })],
    config: { source_retry_delay: '0.1' },
    log: quiet,
  });
  try {
    const errors: string[] = [];
    t.svc.events.subscribe('DATASOURCE_ERROR', (_topic, payload) => errors.push(String((payload as Record<string, unknown>)['svc.datasource.error_reason'])));
    const source = await t.svc.datasources.add('helper0:type=dyinghelper');
    await waitUntil('the helper is restarted after each death', () => opens >= 3);
    assert.ok(errors.length >= 2);
    assert.is(errors[0], 'fake-helper exited with code 2: device unplugged');
    assert.ok(source.numPackets >= 4, 'the lines before each death were processed');
    assert.ok(t.svc.messages.all().some((message) => message['svc.messagebus.message_string'].includes('failed: fake-helper exited with code 2: device unplugged')));
  } finally {
    await t.close();
  }
});

test.run();
