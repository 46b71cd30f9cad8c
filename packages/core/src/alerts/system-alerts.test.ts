/**
 * The server's own alerts: `/alerts/definitions.json` has SVC as Kismet defines KISMET (SYSTEM,
 * severity 0, "Server events", 0/day so silent, any PHY) and ROOTUSER as Kismet defines it
 * (SYSTEM, high, 1/sec, 1/sec); ROOTUSER is raised for root with live sources none of which
 * needs root, not for a user, nor for replays alone, nor beside a source that needs root; and a
 * real start with a live source raises it exactly when this test runs as root.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin } from '../testing/index.js';
import { ROOT_USER_ALERT, rootWithoutNeed, SERVER_ALERT, warnRootWithoutNeed } from './system-alerts.js';
import type { RaiseAlertInput } from './alert-tracker.js';

const quiet = createLogger({ write: () => {} });
const type = (capabilities: { needsRoot?: boolean; replay?: boolean }) => ({ capabilities: { probe: true, list: false, local: true, remote: false, passive: false, tune: false, hop: false, ...capabilities } });
const live = type({});
const replay = type({ replay: true });
const monitor = type({ needsRoot: true });

test("SVC and ROOTUSER are defined with Kismet's class, severity and rates", async () => {
  const t = await createTestService({ log: quiet });
  try {
    const definitions = (await (await t.request('/alerts/definitions.json')).json()) as Record<string, unknown>[];
    const shape = (name: string) => {
      const definition = definitions.find((entry) => entry['svc.alert.definition.header'] === name)!;
      return ['class', 'severity', 'limit_rate', 'limit_unit', 'limit_burst', 'burst_unit', 'phyid'].map((field) => definition[`svc.alert.definition.${field}`]);
    };
    // Units as Kismet numbers them: 0 second, 3 day.
    assert.equal(shape(SERVER_ALERT), ['SYSTEM', 0, 0, 3, 0, 3, -1]);
    assert.equal(shape(ROOT_USER_ALERT), ['SYSTEM', 15, 1, 0, 1, 0, -1]);
    assert.is(definitions.find((entry) => entry['svc.alert.definition.header'] === SERVER_ALERT)!['svc.alert.definition.description'], 'Server events');
    assert.equal(t.svc.alerts.tryRaise({ name: SERVER_ALERT, text: 'silent unless opened' }), undefined);
  } finally {
    await t.close();
  }
});

test('ROOTUSER: root with live sources that do not need it; not a user, replays alone, no sources, or a source that needs root', () => {
  assert.is(rootWithoutNeed(true, [live]), true);
  assert.is(rootWithoutNeed(true, [live, replay]), true);
  assert.is(rootWithoutNeed(false, [live]), false);
  assert.is(rootWithoutNeed(true, [replay]), false);
  assert.is(rootWithoutNeed(true, []), false);
  assert.is(rootWithoutNeed(true, [live, monitor]), false);
  const raised: RaiseAlertInput[] = [];
  const alerts = { tryRaise: (input: RaiseAlertInput) => void raised.push(input) };
  warnRootWithoutNeed(alerts, true, [monitor]);
  warnRootWithoutNeed(alerts, true, [live]);
  assert.equal(raised.map((input) => input.name), [ROOT_USER_ALERT]);
  assert.match(raised[0]!.text, /svc is running as root, which none of its sources needs/);
});

test('a real start with a live source raises ROOTUSER once, exactly when running as root', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], config: { source: 'testsource-1:name=roof' }, log: quiet });
  try {
    await t.svc.start();
    const raised = t.svc.alerts.all().filter((alert) => alert['svc.alert.header'] === ROOT_USER_ALERT);
    assert.is(raised.length, process.geteuid?.() === 0 ? 1 : 0);
    if (raised.length) assert.is(raised[0]!['svc.alert.severity'], 15);
  } finally {
    await t.close();
  }
});

test.run();
