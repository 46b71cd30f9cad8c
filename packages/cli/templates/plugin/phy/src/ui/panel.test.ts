import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { UiModuleApi } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import plugin from '../index.js';
import registerPanel from './panel.js';

/** A panel as a module registers it. */
type Panel = Parameters<UiModuleApi['devicePanel']>[0];

test('svc lists the UI module, served from the built file', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    const modules = (await (await t.request('/ui/modules.json')).json()) as Record<string, string>[];
    assert.equal(modules.map((module) => [module['svc.ui.module.name'], module['svc.ui.module.url']]), [['{{name}}', 'ui/modules/{{name}}.js']]);
    assert.match(t.svc.uiModules.get('{{name}}')!.file, /dist[\\/]ui[\\/]{{name}}\.js$/);
  } finally {
    await t.close();
  }
});

test('the panel shows a {{phyName}} device its reading', () => {
  // A stand-in for the web app: `h` returns plain objects, so what the panel renders can be read.
  const panels: Panel[] = [];
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const KeyValues = () => null;
  registerPanel({ h, components: { KeyValues }, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  assert.is(panels.length, 1);
  assert.is(panels[0]!.phy, '{{phyName}}');
  const rendered = panels[0]!.render({ device: { '{{fieldPrefix}}.device': { '{{fieldPrefix}}.device.reading': 22 } } }) as { type: unknown; props: { rows: [string, string][] } };
  assert.is(rendered.type, KeyValues);
  assert.equal(rendered.props.rows, [['Last reading', '22']]);
});

test.run();
