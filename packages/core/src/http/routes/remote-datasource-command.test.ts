/**
 * The `remoteDatasourceCommand` hook: a datasource command route naming a UUID no local source
 * has asks the hook's taps; the first that knows the source answers with its record, one that
 * refuses throws with its code, and with no answer the route is the 404 it always was. A local
 * source never reaches the hook.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { definePlugin } from '../../plugin.js';
import { SvcError } from '../../errors.js';
import type { RemoteDatasourceCommand } from '../../run-hooks.js';
import { createTestDatasource, createTestService, testPhyPlugin } from '../../testing/index.js';

const REMOTE = 'AAAAAAAA-0000-0000-0000-000000000001';
const REFUSING = 'AAAAAAAA-0000-0000-0000-000000000002';

test('a command for a remote source is answered by the tap that knows it; others stay 404', async () => {
  const asked: RemoteDatasourceCommand[] = [];
  const remote = definePlugin({
    name: 'remote-sources',
    apply(svc) {
      svc.hooks.remoteDatasourceCommand.tapPromise('remote-sources', async (command) => {
        asked.push(command);
        if (command.uuid === REFUSING) throw new SvcError('SVC_ERR_FORBIDDEN', 'that sensor takes no commands');
        return command.uuid === REMOTE ? { 'svc.datasource.uuid': REMOTE, 'svc.datasource.paused': 1 } : undefined;
      });
    },
  });
  const harness = createTestDatasource();
  const t = await createTestService({ plugins: [testPhyPlugin, harness.plugin, remote], log: createLogger({ write: () => {} }) });
  try {
    const answered = await t.command(`/datasource/by-uuid/${REMOTE}/pause_source.cmd`, {});
    assert.is(answered.status, 200);
    assert.equal(await answered.json(), { 'svc.datasource.uuid': REMOTE, 'svc.datasource.paused': 1 });
    assert.equal(asked.map(({ uuid, command, login }) => [uuid, command, login?.role]), [[REMOTE, 'pause_source', 'admin']]);
    assert.is((await t.command(`/datasource/by-uuid/${REFUSING}/pause_source.cmd`, {})).status, 403);
    assert.is((await t.command('/datasource/by-uuid/AAAAAAAA-0000-0000-0000-000000000003/pause_source.cmd', {})).status, 404);

    const local = await t.svc.datasources.add('testsource-1');
    const uuid = t.svc.datasources.record(local)['svc.datasource.uuid'] as string;
    asked.length = 0;
    assert.is((await t.command(`/datasource/by-uuid/${uuid}/pause_source.cmd`, {})).status, 200);
    assert.is(local.state, 'paused');
    assert.equal(asked, [], 'a local source never reaches the hook');
  } finally {
    await t.close();
  }
});

test.run();
