/**
 * What `linuxwifi` asks of the host, in one place: running `iw` and `ip` (without a shell, with
 * their failures turned into reasons a user can act on), the wireless interfaces sysfs lists,
 * and whether svc runs as root. The type takes this as a parameter, so its decisions can be
 * tested on a machine without Wi-Fi beside the real commands' tests.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '@svc/core';

/** The host as linuxwifi sees it. */
export interface WifiSystem {
  /** Runs `iw` with these arguments; resolves with its stdout. */
  iw(args: readonly string[]): Promise<string>;
  /** Runs `ip` with these arguments. */
  ip(args: readonly string[]): Promise<string>;
  /** Wireless interfaces (those with a `phy80211` link in sysfs) and their radios. */
  wirelessInterfaces(): { name: string; phy: string }[];
  /** Whether the process may change interfaces (euid 0). */
  isRoot(): boolean;
}

/** Runs a program without a shell; errors say what is missing or refused. */
export function runProgram(program: string, args: readonly string[], installHint: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return reject(new SvcError('SVC_ERR_DATASOURCE_OPEN', `${program} is not installed (${installHint})`));
      const said = String(stderr).trim().split('\n').pop() ?? '';
      const refused = /Operation not permitted|Permission denied|\(-1\)/.test(said);
      const command = `'${program} ${args.join(' ')}'`;
      reject(
        new SvcError(
          'SVC_ERR_DATASOURCE_OPEN',
          refused
            ? `${command} was refused (${said}): changing Wi-Fi interfaces needs root or CAP_NET_ADMIN`
            : /nl80211 not found/.test(said)
              ? `${command} failed: ${said} This kernel has no Wi-Fi support (cfg80211) loaded, so there is no Wi-Fi interface to capture from`
              : `${command} failed: ${said || error.message}`,
        ),
      );
    });
  });
}

/** The real host, with sysfs at `sysfs` (`/sys/class/net` normally). */
export function hostWifiSystem(sysfs = '/sys/class/net'): WifiSystem {
  return {
    iw: (args) => runProgram('iw', args, 'Debian: apt-get install iw'),
    ip: (args) => runProgram('ip', args, 'Debian: apt-get install iproute2'),
    wirelessInterfaces() {
      if (!existsSync(sysfs)) return [];
      return readdirSync(sysfs)
        .filter((name) => existsSync(join(sysfs, name, 'phy80211')))
        .map((name) => ({ name, phy: readFileSync(join(sysfs, name, 'phy80211', 'name'), 'utf8').trim() }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    isRoot: () => process.geteuid?.() === 0,
  };
}
