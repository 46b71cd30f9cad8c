import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { definePlugin } from '../plugin.js';
import { createTestService } from '../testing/index.js';

const quiet = createLogger({ write: () => {} });

test('hasListeners is false on an idle bus of a real service, and true once a subscriber or a plugin tap listens', async () => {
  const t = await createTestService({ log: quiet });
  try {
    assert.is(t.svc.events.hasListeners('NEW_DEVICE'), false, 'the plugin guards intercept the event hook without listening to it');
    const unsubscribe = t.svc.events.subscribe('NEW_DEVICE', () => {});
    assert.is(t.svc.events.hasListeners('NEW_DEVICE'), true);
    assert.is(t.svc.events.hasListeners('ALERT'), false);
    unsubscribe();
    assert.is(t.svc.events.hasListeners('NEW_DEVICE'), false);
  } finally {
    await t.close();
  }
  const tapping = definePlugin({ name: 'event-tap', apply: (svc) => svc.hooks.event.tap('event-tap', () => {}) });
  const tapped = await createTestService({ plugins: [tapping], log: quiet });
  try {
    assert.is(tapped.svc.events.hasListeners('ALERT'), true);
  } finally {
    await tapped.close();
  }
});

test.run();
