/**
 * Located devices of a view as KML (Google Earth) and GPX (GPS tools):
 * `/devices/views/<view>/devices.kml` and `.gpx`, optionally narrowed by `search=`, matched as
 * the device list's search matches (device-search.ts: the summary fields, or those a `fields`
 * command names, as the device table sends its columns). A device is placed at its estimate when
 * it has one, else at its last fix; devices never located are left out. The answer is streamed
 * and offered as a file named after the view.
 */
import { parseFieldSpecs } from '../../fields/field-spec.js';
import type { Service } from '../../service-types.js';
import { nowSeconds } from '../../time/timestamp.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { DEVICE_EXPORT_FORMATS, type DeviceExportFormatName } from '../../exports/device-export-formats.js';
import { locatedFromDevice, type LocatedDevice } from '../../exports/located-device.js';
import type { DeviceView } from '../../views/device-views.js';
import type { QueryBudget } from '../../views/query-budget.js';
import { queryView } from '../../views/view-query.js';
import type { RouteRegistry } from '../route-registry.js';
import { textStream } from '../text-stream.js';

/** Adds the export routes; `viewOf` finds a view (404 otherwise), `budgetOf` gives a request its scan budget. */
export function addDeviceExportRoutes(svc: Service, routes: RouteRegistry, viewOf: (id: string) => DeviceView, budgetOf: (request: Request) => QueryBudget): void {
  routes.http({
    methods: ['GET'],
    path: '/devices/views/:view/devices',
    formats: ['kml', 'gpx'],
    role: 'readonly',
    description: 'located devices of a view as KML or GPX (at the estimate, else the last fix); search= narrows them as the device list search does',
    handler: async ({ params, vars, command, format, request }) => {
      const view = viewOf(params.view!);
      const search = vars.search;
      const now = nowSeconds();
      const { page } = await queryView(view, svc.devices, { specs: parseFieldSpecs(command.fields), filters: [], search }, now, budgetOf(request));
      const exporter = DEVICE_EXPORT_FORMATS[format as DeviceExportFormatName];
      const title = `svc devices of view ${view.id}${search?.trim() ? `, search "${search.trim()}"` : ''}`;
      return new Response(textStream(exporter.document(located(page), title, now)), {
        status: 200,
        headers: {
          'content-type': exporter.mediaType,
          'content-disposition': `attachment; filename="svc-${view.id.replace(/[^A-Za-z0-9._-]/g, '_')}.${exporter.extension}"`,
          'cache-control': 'no-store',
        },
      });
    },
  });
}

function* located(devices: readonly TrackedDevice[]): Generator<LocatedDevice> {
  for (const device of devices) {
    const entry = locatedFromDevice(device);
    if (entry) yield entry;
  }
}
