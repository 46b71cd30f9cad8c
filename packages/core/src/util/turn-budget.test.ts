import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TurnBudget } from './turn-budget.js';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

test('work that asks the budget before each slice lets an I/O callback due meanwhile run, and shares the turns fairly', async () => {
  const budget = new TurnBudget(5);
  const slices = [0, 0, 0];
  let slicesWhenTimerRan = -1;
  setTimeout(() => (slicesWhenTimerRan = slices.reduce((a, b) => a + b)), 0);
  // Three workers of 100 one-millisecond slices, chained by promises only: without the budget
  // they would run to the end before the timer.
  await Promise.all(
    slices.map(async (_, worker) => {
      for (let slice = 0; slice < 100; slice++) {
        await budget.next();
        busy(1);
        slices[worker]!++;
      }
    }),
  );
  assert.ok(slicesWhenTimerRan >= 0 && slicesWhenTimerRan < 150, `the timer ran after ${slicesWhenTimerRan} of 300 slices`);
});

test('callers that find the budget spent wait for one shared turn, in the order they asked', async () => {
  const budget = new TurnBudget(200);
  busy(210);
  const first = budget.next();
  const second = budget.next();
  assert.ok(first !== undefined && first === second, 'both wait for the same turn');
  const order: number[] = [];
  await Promise.all([first!.then(() => order.push(1)), second!.then(() => order.push(2))]);
  assert.equal(order, [1, 2]);
  assert.is(budget.next(), undefined, 'the new turn has its budget');
});

test.run();
