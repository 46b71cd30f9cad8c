/**
 * Hooks the 802.11 plugin owns, for other plugins (webpack's `getCompilationHooks` pattern):
 * one table per service, created on first use, so a plugin may tap it in its `apply` whether
 * or not `@svc/plugin-dot11` was applied before it.
 */
import { SyncHook } from 'tapable';
import type { Service } from '@svc/core';
import type { IeParserTable } from './parse/ie-parsers.js';

/** What other plugins can tap. */
export interface Dot11Hooks {
  /**
   * Contribute (sync, once at boot, in the core's `fields` phase): add element parsers by tag,
   * or by OUI for vendor elements. Their results appear in `packet.annotations.dot11.custom`
   * (the same map as `ies.custom`) for the plugin's own `classify` tap to read; reading `custom`
   * runs the parsers without parsing the elements the classifier left unread (a repeated beacon's).
   */
  readonly ieParsers: SyncHook<[IeParserTable]>;
}

const tables = new WeakMap<object, Dot11Hooks>();

/** The 802.11 hooks of one service. */
export function getDot11Hooks(svc: Pick<Service, 'hooks'>): Dot11Hooks {
  let hooks = tables.get(svc.hooks);
  if (!hooks) {
    hooks = Object.freeze({ ieParsers: new SyncHook<[IeParserTable]>(['parsers'], 'ieParsers') });
    tables.set(svc.hooks, hooks);
  }
  return hooks;
}
