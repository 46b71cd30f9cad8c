/**
 * rtl_433 events as a report format (`reportFormats` hook): a JSON object with a `model`, as
 * rtl_433's `-F mqtt` output publishes it on `rtl_433/<host>/events`, becomes a packet with an
 * rtl_433 record, decoded as rtl_433's own JSON lines are.
 */
import type { ReportFormatDefinition } from '@svc/core';
import { RTL433_RECORD_TYPE } from './rtl433-decoder.js';

/** The rtl_433 event format. */
export const rtl433EventFormat: ReportFormatDefinition = {
  name: 'rtl433',
  description: 'an rtl_433 event (model)',
  matches: (report) => typeof report.model === 'string',
  packet(text, sourceUuid) {
    const now = Date.now();
    return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid, dlt: 0, json: { type: RTL433_RECORD_TYPE, text }, annotations: {} };
  },
};
