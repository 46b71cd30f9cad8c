import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SvcError } from '../errors.js';
import { serveStaticFile } from './static-file.js';

const root = mkdtempSync(join(tmpdir(), 'svc-static-'));
mkdirSync(join(root, 'app', 'assets'), { recursive: true });
writeFileSync(join(root, 'app', 'index.html'), '<!doctype html>');
writeFileSync(join(root, 'app', 'assets', 'main-abc123.js'), 'export {}');
writeFileSync(join(root, 'secret.conf'), 'httpd_password=x');
test.after(() => rmSync(root, { recursive: true, force: true }));

test('files come with their content type and the cache policy asked for', async () => {
  const page = await serveStaticFile(join(root, 'app'), 'index.html', 'revalidate');
  assert.equal([page.status, page.headers.get('content-type'), page.headers.get('cache-control'), await page.text()], [200, 'text/html; charset=utf-8', 'no-cache', '<!doctype html>']);
  const asset = await serveStaticFile(join(root, 'app'), 'assets/main-abc123.js', 'immutable');
  assert.equal([asset.headers.get('content-type'), asset.headers.get('cache-control')], ['text/javascript; charset=utf-8', 'public, max-age=31536000, immutable']);
});

test('nothing outside the root, no directories, nothing missing: a 404 that names only the path asked for', async () => {
  for (const path of ['../secret.conf', 'assets/../../secret.conf', '/etc/passwd', 'assets', 'missing.js', '%2e%2e/secret.conf']) {
    try {
      await serveStaticFile(join(root, 'app'), path, 'revalidate');
      assert.unreachable(path);
    } catch (error) {
      assert.instance(error, SvcError, path);
      assert.is((error as SvcError).status, 404, path);
      assert.not.match((error as Error).message, 'httpd_password', path);
    }
  }
});

test.run();
