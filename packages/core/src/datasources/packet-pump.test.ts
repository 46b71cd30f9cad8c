/**
 * The pump's turns: a batch of thousands of packets (a file replayed at full speed) lets the
 * event loop turn between its packets once the turn budget is spent, keeps the packets' order,
 * and a source closed meanwhile drops the rest of the batch, counted as never delivered.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '../packets/packet.js';
import type { RunHooks } from '../run-hooks.js';
import { TurnBudget } from '../util/turn-budget.js';
import { Rrd } from '../tracker/rrd.js';
import type { Capture } from './datasource-type.js';
import type { Datasource } from './datasource.js';
import { PACKETS_PER_LOOK, PacketPump } from './packet-pump.js';

const PACKETS = PACKETS_PER_LOOK * 4 + 10;

/** The parts of a source the pump reads and counts on. */
function source(): Datasource {
  return { state: 'running', remote: false, overrideTimestamp: false, options: {}, numPackets: 0, numErrorPackets: 0, packetsRrd: new Rrd(), datasizeRrd: new Rrd() } as unknown as Datasource;
}

function oneBatch(): { capture: Capture; sent: number[] } {
  const batch = Array.from({ length: PACKETS }, (_, index) => ({ tsSec: 1_700_000_000 + index, tsUsec: 0, sourceUuid: 'A', dlt: 127 }) as Packet);
  return { capture: { info: {}, packets: (async function* () { yield batch; })() } as unknown as Capture, sent: batch.map((packet) => packet.tsSec) };
}

/**
 * Delivers one batch with `turns`; what the chain saw, in order, and how many packets it had seen
 * when a timer set before the batch ran. `isCurrent` says whether the source is still open, given
 * what the chain saw so far.
 */
async function deliver(turns: TurnBudget, isCurrent: (chained: readonly number[]) => boolean = () => true) {
  const chained: number[] = [];
  const pump = new PacketPump({ hooks: {} as RunHooks, runChain: (packet) => chained.push(packet.tsSec), turns });
  const { capture, sent } = oneBatch();
  let chainedWhenTimerRan = -1;
  setImmediate(() => (chainedWhenTimerRan = chained.length));
  const from = source();
  await pump.deliver(from, capture, () => isCurrent(chained), () => false);
  await new Promise((resolve) => setImmediate(resolve));
  return { chained, sent, chainedWhenTimerRan, from, pump };
}

test('once the turn is spent, a long batch lets the event loop run before it goes on, in order', async () => {
  const { chained, sent, chainedWhenTimerRan, from, pump } = await deliver(new TurnBudget(0));
  assert.equal(chained, sent, 'every packet, in the order of the batch');
  assert.ok(chainedWhenTimerRan >= 0 && chainedWhenTimerRan < PACKETS, `the timer ran after ${chainedWhenTimerRan} of ${PACKETS} packets`);
  assert.is(from.numPackets, PACKETS);
  assert.is(pump.stats.packets, PACKETS);
});

test('with turn left the batch runs whole before the loop turns', async () => {
  const { chained, chainedWhenTimerRan } = await deliver(new TurnBudget(Number.POSITIVE_INFINITY));
  assert.is(chained.length, PACKETS);
  assert.is(chainedWhenTimerRan, PACKETS);
});

test('a source closed while the loop turned drops the rest of its batch', async () => {
  // Closed once the chain has run more than one look's packets: the pump sees it at its next look.
  const { chained, from, pump } = await deliver(new TurnBudget(0), (seen) => seen.length <= PACKETS_PER_LOOK);
  assert.is(chained.length, 2 * PACKETS_PER_LOOK, `${chained.length} of ${PACKETS} packets ran`);
  assert.is(from.numPackets, chained.length);
  assert.is(pump.stats.packets, chained.length, 'the chain counts only what it ran');
});

test.run();
