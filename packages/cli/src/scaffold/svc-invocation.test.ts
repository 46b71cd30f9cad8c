import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { svcInvocation } from './svc-invocation.js';

const work = mkdtempSync(join(tmpdir(), 'svc-invocation-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
const program = join(work, 'clone', 'bin', 'run.js');
mkdirSync(join(work, 'clone', 'bin'), { recursive: true });
writeFileSync(program, '#!/bin/sh\n');
chmodSync(program, 0o755);

test('svc on the PATH that is this program: just svc', () => {
  mkdirSync(join(work, 'linked'));
  symlinkSync(program, join(work, 'linked', 'svc'));
  assert.is(svcInvocation(program, [join(work, 'empty'), join(work, 'linked')].join(delimiter)), 'svc');
});

test('no svc on the PATH, or another one first: this program by its path', () => {
  assert.is(svcInvocation(program, join(work, 'nowhere')), `node ${program}`);
  mkdirSync(join(work, 'other'));
  writeFileSync(join(work, 'other', 'svc'), '#!/bin/sh\n');
  chmodSync(join(work, 'other', 'svc'), 0o755);
  assert.is(svcInvocation(program, [join(work, 'other'), join(work, 'linked')].join(delimiter)), `node ${program}`);
  assert.is(svcInvocation('/opt/my svc/bin/run.js', ''), "node '/opt/my svc/bin/run.js'");
});

test.run();
