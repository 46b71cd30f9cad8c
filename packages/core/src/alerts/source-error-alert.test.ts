/**
 * SOURCEERROR through the real datasource path: a `testsource` that cannot open, one that fails
 * while running, with and without retry, raises the alert with Kismet's class, the critical
 * severity Kismet raises it with, and a text that names the source and what svc does next.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil } from '../testing/index.js';
import { SOURCE_ERROR_ALERT, sourceErrorText } from './source-error-alert.js';

const quiet = createLogger({ write: () => {} });

const sourceErrors = (alerts: Record<string, unknown>[]) => alerts.filter((alert) => alert['svc.alert.header'] === SOURCE_ERROR_ALERT);

test('a source that cannot open raises SOURCEERROR naming it, the reason and the retry; it is SYSTEM and critical', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], config: { source_retry_delay: '3600' }, log: quiet });
  try {
    const source = await t.svc.datasources.add('testsource-1:name=roof,fail=open');
    await waitUntil('the alert is raised', () => sourceErrors(t.svc.alerts.all()).length === 1);
    const [alert] = sourceErrors(t.svc.alerts.all());
    assert.is(alert!['svc.alert.class'], 'SYSTEM');
    assert.is(alert!['svc.alert.severity'], 20);
    assert.is(alert!['svc.alert.transmitter_mac'], '00:00:00:00:00:00');
    const text = String(alert!['svc.alert.text']);
    assert.ok(text.startsWith(`Source roof (${source.uuid}) has encountered an error (`), text);
    assert.match(text, source.errorReason);
    assert.match(text, 'svc will attempt to re-open the source. (1 failure)');
  } finally {
    await t.close();
  }
});

test('a running source that fails without retry raises SOURCEERROR saying it stays closed', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], config: { retry_on_source_error: 'false' }, log: quiet });
  try {
    const source = await t.svc.datasources.add('testsource-2:name=mast');
    await waitUntil('the capture is open', () => harness.capture(source.uuid) !== undefined);
    assert.equal(sourceErrors(t.svc.alerts.all()), []);
    harness.capture(source.uuid)!.fail('antenna unplugged');
    await waitUntil('the alert is raised', () => sourceErrors(t.svc.alerts.all()).length === 1);
    assert.is(
      sourceErrors(t.svc.alerts.all())[0]!['svc.alert.text'],
      `Source mast (${source.uuid}) has encountered an error (antenna unplugged) but is not configured to automatically re-try opening; it will remain closed.`,
    );
    // The ALERT event and the message carry it too, as every alert's do.
    assert.ok(t.svc.messages.all().some((message) => String(message['svc.messagebus.message_string']).startsWith('ALERT SOURCEERROR: Source mast')));
  } finally {
    await t.close();
  }
});

test('the texts for a remote source and a permanent failure say what happens instead', () => {
  const record = { 'svc.datasource.name': 'far', 'svc.datasource.uuid': 'U', 'svc.datasource.error_reason': 'gone', 'svc.datasource.retry': 1, 'svc.datasource.retry_attempts': 2 };
  assert.is(sourceErrorText(record), 'Source far (U) has encountered an error (gone). svc will attempt to re-open the source. (3 failures)');
  assert.match(sourceErrorText({ ...record, 'svc.datasource.remote': 1 }), 'waiting for the remote source to reconnect');
  assert.match(sourceErrorText({ ...record, 'svc.datasource.error_kind': 'permanent' }), 'until its definition is fixed');
});

test.run();
