/**
 * `@svc/core`: the service, its hook table and registries, and the types plugins build on.
 */
export { createService, type CreateServiceOptions, type SvcServer } from './service.js';
export type { Service, PluginStatus } from './service-types.js';
export { definePlugin, type PluginDefinition, type PluginEntry, type PluginFailure } from './plugin.js';
export { loadPluginModules, type LoadedPlugins } from './plugin-loader.js';
export { createHooks, type Hooks } from './hooks.js';
export type { RemoteDatasourceCommand, RunHooks } from './run-hooks.js';
export { Registry, type Named } from './registry.js';
export { SvcError, ErrorCodes, isSvcError, describeError, type ErrorCode } from './errors.js';
export { createLogger, LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
export { Config, type ConfigValue } from './config/config.js';
export { loadConfig, defaultConfigDir, type ConfigSources } from './config/config-loader.js';
export { CORE_CONFIG_KEYS, type ConfigKeyDefinition } from './config/config-keys.js';
export { FieldRegistry, type FieldDefinition, type FieldType, type ScalarFieldType } from './fields/field-registry.js';
export { dataMap } from './fields/data-map.js';
export { parseFieldSpecs, simplify, type FieldSpec } from './fields/field-spec.js';
export {
  RouteRegistry,
  TRACKED_FORMATS,
  type HttpRouteDefinition,
  type WebSocketRouteDefinition,
  type WebSocketSession,
  type WebSocketHandlers,
  type RouteContext,
  type RouteFormat,
  type RouteRole,
  type RouteMethod,
} from './http/route-registry.js';
export { optionalNumber, optionalString, requireString } from './http/command-input.js';
export { answerRecordList, type RecordListOptions } from './http/routes/record-list.js';
export type { HttpListener } from './http/http-listener.js';
export { ROLES, type Role, type Login } from './auth/login.js';
export { EventBus, ALL_TOPICS } from './events/event-bus.js';
export type { EventTopicDefinition } from './events/event-topic.js';
export { MessageBus, MessageFlags, type MessageRecord } from './messages/message-bus.js';
export { AlertTracker, type AlertDefinitionInput, type RaiseAlertInput, type AlertRecord } from './alerts/alert-tracker.js';
export { parseRate, type Rate, type RateUnit } from './alerts/rate.js';
export type { AlertSink, AlertSinkContext, AlertSinkDefinition, AlertSinkTypeDefinition } from './alerts/sinks/alert-sink-type.js';
export { AlertSinks, AlertSinkRunner, type AlertSinkState } from './alerts/sinks/alert-sinks.js';
export { badSinkOption, numberOption as sinkNumberOption, SEVERITY_NAMES, type AlertSinkFilter, type AlertSinkPolicy } from './alerts/sinks/alert-sink-definition.js';
export { webhookSignature, SIGNATURE_HEADER } from './alerts/sinks/webhook-sink.js';
export { boundedRequest, MAX_RESPONSE_BYTES, type BoundedRequestOptions, type BoundedResponse } from './util/bounded-request.js';
export { nowSeconds, parseTimestamp } from './time/timestamp.js';
export { PACKET_STAGES, runPacketChain, type PacketStage } from './packets/chain.js';
export type { Packet, PacketAnnotations, PacketSignal, PacketGps } from './packets/packet.js';
export type { Decoded, PhyAnnotationPacker, PhyAnnotationUnpacker, PhyDecoder, PhyDecoderDefinition, RawFrame } from './packets/phy-decoder.js';
export { PHY_STAGE } from './packets/phy-taps.js';
export { tagPacket } from './packets/packet-tags.js';
export type { Device, DeviceComponents, RecordSource } from './tracker/device.js';
export type { SensorReading, SensorReport } from './tracker/sensor-report.js';
export type { ReportFormatDefinition } from './datasources/report-format.js';
export type { PhyAlertDefinition, PhyClassifierDefinition, PhyComponentState, PhyDefinition, PhyDeviceComponent, PhyFormerName } from './tracker/phy.js';
export { csvField, type WigleRow } from './logging/wigle/wigle-csv.js';
export type { LogTypeDefinition, LogOpenContext, LogWriter } from './logging/log-type.js';
export { SvcdbDeviceLog } from './logging/export/svcdb-device-log.js';
export { DEVICE_EXPORT_FORMATS, type DeviceExportFormat, type DeviceExportFormatName } from './exports/device-export-formats.js';
export { locatedFromDevice, locatedFromRecord, type DeviceFacts, type LocatedDevice } from './exports/located-device.js';
export { DeviceTracker, type PresenceWatcher, type TrackerSettings } from './tracker/device-tracker.js';
export { IngestFilter } from './filters/ingest-filter.js';
export { FilterRule, ANY_PHY, formatFilterMatch, parseFilterMatch, type FilterAction, type FilterMatch, type FilterOrigin } from './filters/filter-rule.js';
export { Watchlist, WATCH_TYPES, type WatchEntry, type WatchItem, type WatchType } from './watchlists/watchlist.js';
export { TrackedDevice, type DeviceLocation, type GeoPoint, type PhyState, type SeenBy } from './tracker/tracked-device.js';
export { devicePosition } from './tracker/location-record.js';
export { bestSeenBy } from './tracker/device-fields.js';
export { deviceFromServedRecord } from './logging/restore/tracker-restore.js';
export { deviceKey, kismetChecksum, kismetChecksumOfBytes, parseDeviceKey, phyKeyPrefix } from './tracker/device-key.js';
export { lookupManufacturer } from './tracker/oui.js';
export { Rrd } from './tracker/rrd.js';
export { StateReader } from './tracker/state/state-reader.js';
export { StateWriter } from './tracker/state/state-writer.js';
export { SignalData } from './tracker/signal.js';
export { DeviceViews, DeviceView } from './views/device-views.js';
export { serveDevice } from './views/device-query.js';
export { formatMac, macFromBytes, macMatches, normalizeMac, parseMac, parseMacMask, type MacMask } from './util/mac.js';
export { formatMacPrefix, macInPrefix, MacPrefixTable, parseMacPrefix, type MacPrefix } from './util/mac-prefix.js';
export type {
  Capture,
  CaptureInfo,
  DatasourceCapabilities,
  DatasourceTypeDefinition,
  OpenContext,
  ProbeContext,
  ProbedInterface,
  RemotePacketConversion,
  SourceDetails,
  SourceDetailValue,
} from './datasources/datasource-type.js';
export { Datasource, type DatasourceState } from './datasources/datasource.js';
export { DatasourceTracker, type PreparedSource } from './datasources/datasource-tracker.js';
export type { ChannelRequest } from './datasources/source-channels.js';
export type { DatasourceDefaults } from './datasources/datasource-settings.js';
export type { RemoteBinding, RemoteBindRequest } from './datasources/remote/remote-binding.js';
export { resolveSourceType, sourceUuid, stableUuid } from './datasources/type-resolution.js';
export { formatDefinition, parseDefinition, type DefinitionKind, type SourceDefinition } from './datasources/definition.js';
export { GENERIC_SOURCE_OPTIONS, parseBoolean, parseHopRate, readSourceOptions, type SourceOptions } from './datasources/source-options.js';
export { checkDefinition, isPermanentFailure } from './datasources/definition-check.js';
export { checkSourceFile, looksLikePath } from './datasources/source-file.js';
export { MIN_REPLAY_PPS, REPLAY_OPTIONS, ReplayClock, readReplayPacing, type ReplayPacing, type Timestamped } from './datasources/replay-clock.js';
export { replayFile, type ReplayFile, type ReplayWords } from './datasources/file-replay.js';
export { importOptional, type OptionalModule } from './util/optional-module.js';
export { UiModuleRegistry, type UiModuleDefinition } from './ui/ui-module.js';
export type { UiComponent, UiDevice, UiDeviceColumn, UiDeviceColumns, UiMapHint, UiMapLayer, UiMarkerShape, UiModuleApi, UiModuleRegister, UiNode, UiStateTone } from './ui/ui-api.js';
export { packageFile } from './util/package-file.js';
export { RingDeque } from './util/ring-deque.js';
export { pluginContributions, type PluginContributions } from './plugin-contributions.js';
export { serveStaticFile, type CachePolicy } from './http/static-file.js';
export { captureResponse } from './http/capture-response.js';
export { parseUriPrefix } from './http/uri-prefix.js';
export { createPacketQueue, type PacketQueue, type PacketSink } from './datasources/packet-queue.js';
export { MAX_SCAN_REPORT_ENTRIES, readScanReport, scanEntryPacket, type ScanEntryReader, type ScanReport } from './datasources/scan/scan-report.js';
export { ScanReceiver } from './datasources/scan/scan-receiver.js';
export { openHelperCapture, type HelperProcessOptions, type StderrVerdict } from './datasources/helper-process.js';
export { runCaptureClient, resolveLocalSource, type CaptureClientOptions } from './datasources/remote/capture-client.js';
export type { CaptureClientSession, LocalCaptureSource, SessionOutcome } from './datasources/remote/capture-client-session.js';
export { REMOTE_CAPTURE_ENDPOINT, type ClientTarget } from './datasources/remote/client-transport.js';
export type { ViewDefinition } from './views/view-definition.js';
export { GpsFixQuality, type GpsFix } from './gps/gps-fix.js';
export type { GpsTypeDefinition, GpsDefinition, GpsContext, GpsConnection } from './gps/gps-type.js';
export { GpsTracker, type GpsDevice } from './gps/gps-tracker.js';
export { parseGpsDefinition } from './gps/gps-definition.js';
export { readNmeaSentence, type NmeaSentence, type NmeaReadResult } from './gps/nmea/nmea-sentence.js';
export { NmeaPosition, nmeaCoordinate, type NmeaPositionReport } from './gps/nmea/nmea-position.js';
export { createNmeaFeed, type NmeaFeed } from './gps/nmea/nmea-feed.js';
export {
  MetricRegistry,
  type MetricDefinition,
  type CounterDefinition,
  type GaugeDefinition,
  type HistogramDefinition,
  type CounterHandle,
  type GaugeHandle,
  type HistogramHandle,
  type MetricLabels,
  type MetricReport,
  type MetricEntry,
} from './metrics/metric-registry.js';
export { CORE_VERSION } from './version.js';
