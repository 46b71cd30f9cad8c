/**
 * Debian's Chromium driven by playwright-core, for the web app's end-to-end tests and bench:
 * headless, no sandbox (CI runs as root), no background networking (the machine has no
 * outside network), a fresh profile each launch (playwright's own temporary one). `SVC_CHROMIUM` names another binary.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Chromium is: `SVC_CHROMIUM`, else Debian's package. */
export const CHROMIUM = process.env.SVC_CHROMIUM ?? '/usr/bin/chromium';

/** Starts headless Chromium; throws saying what to install when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set SVC_CHROMIUM)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
