/**
 * The ingest filter as a built-in feature: its records' fields. (The tracker applies the filter
 * to every packet before tracking; its rules are set from config at boot and through the routes.)
 */
import { definePlugin } from '../plugin.js';
import { FILTER_FIELDS } from './filter-fields.js';

/** Name of the built-in filters plugin. */
export const FILTERS_PLUGIN = '@svc/core:filters';

/** Registers the filter fields. */
export const filtersPlugin = definePlugin({
  name: FILTERS_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(FILTERS_PLUGIN, (fields) => fields.registerAll(FILTER_FIELDS));
  },
});
