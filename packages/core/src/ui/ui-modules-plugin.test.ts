/**
 * UI modules contributed through the hook: listed at /ui/modules.json with the plugin that gave
 * each, served at /ui/modules/<name>.js to any login, refused when the name or file is unusable.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

test("Kismet's /dynamic.json and /dynamic.js list the modules without a login; the script's load_dynamics() imports each module as served", async () => {
  const t = await createTestService({ plugins: [panelPlugin('x-panel'), panelPlugin('second')], log: createLogger({ write: () => {} }) });
  try {
    const listed = await t.request('/dynamic.json', { auth: false });
    assert.is(listed.status, 200);
    assert.equal(await listed.json(), { dynamicjs: [{ module: 'svc_ui_x_panel', js: 'ui/modules/x-panel.js' }, { module: 'svc_ui_second', js: 'ui/modules/second.js' }] });
    const script = await t.request('/dynamic.js', { auth: false });
    assert.equal([script.status, script.headers.get('content-type')], [200, 'text/javascript; charset=utf-8']);
    // The page's prefix points at a copy of what the server serves; the script runs as the page would run it.
    const root = join(dir, 'page');
    mkdirSync(join(root, 'ui', 'modules'), { recursive: true });
    for (const name of ['x-panel', 'second']) writeFileSync(join(root, 'ui', 'modules', `${name}.js`), await (await t.request(`/ui/modules/${name}.js`)).text());
    const page = join(root, 'page.mjs');
    writeFileSync(page, `const SVC_URI_PREFIX = ${JSON.stringify(pathToFileURL(root).href + '/')};\n${await script.text()}\nawait load_dynamics();\nexport const loaded = [svc_ui_x_panel, svc_ui_second];\n`);
    const { loaded } = (await import(pathToFileURL(page).href)) as { loaded: { default: unknown }[] };
    assert.equal(loaded.map((module) => typeof module.default), ['function', 'function']);
    for (const path of ['/dynamic.json', '/dynamic.js']) assert.is((await t.request(path, { method: 'POST', auth: false })).status, 401, `${path}: only GET, and other methods are not shown to anonymous clients`);
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
