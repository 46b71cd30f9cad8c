/**
 * SOURCEERROR, Kismet's alert for a datasource that failed: raised on every `DATASOURCE_ERROR`
 * the datasource tracker publishes (a capture that could not open or stopped with an error, a
 * remote capture tool that went away), with Kismet's class, severities, rates and wording, and
 * what svc will do next (re-open it, wait for the remote tool, or leave it closed). A built-in
 * plugin, applied like any other.
 */
import { definePlugin } from '../plugin.js';

/** Name of the built-in plugin. */
export const SOURCE_ERROR_PLUGIN = '@svc/core:source-error-alert';

/** The alert's name. */
export const SOURCE_ERROR_ALERT = 'SOURCEERROR';

/** Severity of a raised SOURCEERROR: Kismet defines the alert as high and raises it as critical. */
const RAISED_SEVERITY = 20;

/** The alert text for a failed datasource record, after Kismet's `handle_source_error`. */
export function sourceErrorText(record: Record<string, unknown>): string {
  const what = `Source ${String(record['svc.datasource.name'])} (${String(record['svc.datasource.uuid'])}) has encountered an error (${String(record['svc.datasource.error_reason'])})`;
  if (record['svc.datasource.remote']) return `${what}. Remote sources are not locally reconnected; waiting for the remote source to reconnect to resume capture.`;
  if (record['svc.datasource.error_kind'] === 'permanent') return `${what} that re-opening cannot fix; it will remain closed until its definition is fixed.`;
  if (!record['svc.datasource.retry']) return `${what} but is not configured to automatically re-try opening; it will remain closed.`;
  const failures = Number(record['svc.datasource.retry_attempts'] ?? 0) + 1;
  return `${what}. svc will attempt to re-open the source. (${failures} ${failures === 1 ? 'failure' : 'failures'})`;
}

/** Defines SOURCEERROR and raises it for each failed datasource. */
export const sourceErrorAlertPlugin = definePlugin({
  name: SOURCE_ERROR_PLUGIN,
  apply(svc) {
    svc.alerts.define({
      name: SOURCE_ERROR_ALERT,
      class: 'SYSTEM',
      severity: 15,
      description: 'A data source encountered an error. Depending on the source configuration svc may automatically attempt to re-open the source.',
      throttle: '1/sec',
      burst: '10/sec',
    });
    svc.events.subscribe('DATASOURCE_ERROR', (_topic, payload) => {
      svc.alerts.tryRaise({ name: SOURCE_ERROR_ALERT, text: sourceErrorText(payload as Record<string, unknown>), severity: RAISED_SEVERITY });
    });
  },
});
