import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderTemplate } from './render-template.js';

const input = { values: { name: 'acme', title: 'Acme' }, flags: { phy: true, view: false } };

test('values are inserted; kept and dropped blocks take their tag lines with them', () => {
  const template = 'import a;\n{{#if phy}}\nimport {{name}};\n{{/if}}\n{{#if view}}\nimport view;\n{{/if}}\n{{#unless view}}\n// no view\n{{/unless}}\nend {{ title }}\n';
  assert.is(renderTemplate(template, input, 't'), 'import a;\nimport acme;\n// no view\nend Acme\n');
});

test('blocks work inside a line and nest', () => {
  assert.is(renderTemplate('a{{#if phy}} b{{#if view}} c{{/if}}{{/if}} d', input, 't'), 'a b d');
  assert.is(renderTemplate('{{#unless phy}}x{{/unless}}y', input, 't'), 'y');
});

test('unknown names and unbalanced blocks are errors naming the template', () => {
  assert.throws(() => renderTemplate('{{nope}}', input, 'common/x.ts'), /^common\/x.ts: unknown value in \{\{nope\}\}/);
  assert.throws(() => renderTemplate('{{#if radio}}{{/if}}', input, 't'), /t: unknown switch in \{\{#if radio\}\}/);
  assert.throws(() => renderTemplate('{{#if phy}}', input, 't'), /t: \{\{#if\}\} is never closed/);
  assert.throws(() => renderTemplate('{{/if}}', input, 't'), /t: \{\{\/if\}\} closes no open \{\{#if\}\}/);
  assert.throws(() => renderTemplate('{{#if phy}}{{/unless}}', input, 't'), /closes no open/);
});

test('text without tags passes unchanged, including lone braces', () => {
  const code = 'const x = { a: { b: 1 } };\nconst y = `${x}`;\n';
  assert.is(renderTemplate(code, input, 't'), code);
});

test.run();
