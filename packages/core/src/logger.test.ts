import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from './logger.js';
import { createTestDatasource, createTestService, testPhyPlugin } from './testing/index.js';

const capture = () => {
  const lines: string[] = [];
  return { lines, log: createLogger({ level: 'debug', write: (line) => lines.push(line) }) };
};

test('control characters in a message are escaped: outside text cannot forge a log line', () => {
  const { lines, log } = capture();
  log.info('source testsource-1:name=x\n2026-01-01T00:00:00.000Z ERROR forged line\r\u001b[31m\u2028end\ttab');
  assert.is(lines.length, 1);
  assert.is(lines[0]!.split('\n').length, 2, 'one line and its terminator');
  assert.match(lines[0]!, ' INFO source testsource-1:name=x\\n2026-01-01T00:00:00.000Z ERROR forged line\\r\\x1b[31m\\u2028end\\ttab\n');
});

test('an error keeps its stack frames on their own lines, with its message escaped', () => {
  const { lines, log } = capture();
  log.error('open failed', new Error('bad name "a\nb"'));
  const [entry] = lines;
  assert.match(entry!, ' ERROR open failed\nError: bad name "a\\nb"\n    at ');
  assert.not.match(entry!, 'a\nb');
});

test('a definition holding a newline, added over HTTP, cannot add a line to the server log', async () => {
  const { lines, log } = capture();
  const t = await createTestService({ plugins: [testPhyPlugin, createTestDatasource().plugin], log });
  try {
    const forged = 'testsource-3:name=a\n2026-01-01T00:00:00.000Z INFO svc 0.1.0 listening on http://evil';
    assert.is((await t.command('/datasource/add_source.cmd', { definition: forged })).status, 200);
    assert.ok(lines.length > 0);
    for (const line of lines) assert.is(line.indexOf('\n'), line.length - 1, `one line: ${JSON.stringify(line)}`);
    assert.ok(lines.some((line) => line.includes('new datasource a\\n2026-01-01T00:00:00.000Z INFO svc 0.1.0 listening on http://evil')));
  } finally {
    await t.close();
  }
});

test.run();
