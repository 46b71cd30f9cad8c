/**
 * The plugins svc ships with. They are loaded by package name through the same loader as
 * third-party plugins, and each can be turned off with `plugin_disable=<name>`.
 */

/** Package names of the first-party plugins, in the order they are applied. */
export const FIRST_PARTY_PLUGINS = ['@svc/plugin-dot11', '@svc/plugin-sdr-rtl433', '@svc/plugin-adsb', '@svc/plugin-bluetooth', '@svc/plugin-uav', '@svc/plugin-serial', '@svc/plugin-mqtt', '@svc/plugin-fleet', '@svc/web'] as const;
