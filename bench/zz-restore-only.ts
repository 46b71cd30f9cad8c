import { createLogger } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
const quiet = createLogger({ write: () => {} });
const r = await createTestService({ plugins: [dot11Plugin], log: quiet, configDir: '/tmp/prof/restore-config', config: { enable_logging: 'false', tracker_restore: 'true' } });
const t0 = performance.now();
await r.svc.start();
console.log('full restore', r.svc.devices.size, (performance.now() - t0).toFixed(0), 'ms');
await r.close();
