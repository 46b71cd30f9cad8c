/**
 * UI modules contributed through the hook: listed at /ui/modules.json with the plugin that gave
 * each, served at /ui/modules/<name>.js to any login, refused when the name or file is unusable.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logger.js';
import { definePlugin } from '../plugin.js';
import { createTestService } from '../testing/index.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-ui-modules-'));
const file = join(dir, 'panel.js');
writeFileSync(file, 'export default function register(ui) { ui.devicePanel({ phy: "X", title: "X", render: () => null }); }\n');
writeFileSync(join(dir, 'secret.txt'), 'not for you');
test.after(() => rmSync(dir, { recursive: true, force: true }));

const panelPlugin = (name: string, path = file) =>
  definePlugin({
    name: `panel-${name}`,
    apply(svc) {
      svc.hooks.uiModules.tap(`panel-${name}`, (modules) => modules.add({ name, description: 'a test panel', file: path }));
    },
  });

test('a contributed module is listed and served to any login; unknown names are 404s; anonymous clients get 401', async () => {
  const t = await createTestService({ plugins: [panelPlugin('x-panel')], log: createLogger({ write: () => {} }) });
  try {
    const listed = (await (await t.request('/ui/modules.json')).json()) as Record<string, string>[];
    assert.equal(listed, [{ 'svc.ui.module.name': 'x-panel', 'svc.ui.module.description': 'a test panel', 'svc.ui.module.plugin': 'panel-x-panel', 'svc.ui.module.url': 'ui/modules/x-panel.js' }]);
    const served = await t.request('/ui/modules/x-panel.js');
    assert.equal([served.status, served.headers.get('content-type')], [200, 'text/javascript; charset=utf-8']);
    assert.match(await served.text(), 'ui.devicePanel');
    for (const path of ['/ui/modules/secret.js', '/ui/modules/..%2Fsecret.txt.js', '/ui/modules/nothing.js']) assert.is((await t.request(path)).status, 404, path);
    assert.is((await t.request('/ui/modules/x-panel.js', { auth: false })).status, 401);
  } finally {
    await t.close();
  }
});

test('a module name that cannot be a URL, or a relative file, fails its plugin and only it', async () => {
  const t = await createTestService({ plugins: [panelPlugin('bad name'), panelPlugin('relative', 'panel.js'), panelPlugin('good')], log: createLogger({ write: () => {} }) });
  try {
    const states = Object.fromEntries(t.svc.plugins.map((plugin) => [plugin.name, plugin.state]));
    assert.equal([states['panel-bad name'], states['panel-relative'], states['panel-good']], ['failed', 'failed', 'applied']);
    assert.match(t.svc.plugins.find((plugin) => plugin.name === 'panel-bad name')!.error!.message, "UI module name 'bad name' may use only letters, digits, '-' and '_'");
    assert.equal(t.svc.uiModules.list().map((module) => module.name), ['good']);
  } finally {
    await t.close();
  }
});

test.run();
