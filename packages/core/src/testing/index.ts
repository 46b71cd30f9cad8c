/**
 * `@svc/core/testing`: what plugin authors (and svc's own tests) build tests with. A test
 * service runs in a temporary config dir with a known admin login, and requests go straight
 * to the hono app, no port needed.
 */
export { createTestService, TEST_ADMIN, withTestService, type TestService, type TestServiceOptions } from './test-service.js';
export { fuzzState, mutateText, randomBytes, seededRandom } from './fuzz.js';
export { TestSource, testPhyPlugin, TEST_PHY, TEST_PHY_PLUGIN, TEST_RECORD_TYPE, type TestReport } from './test-source.js';
export { createTestDatasource, openTestCapture, TEST_DATASOURCE_TYPE, type TestCaptureHandle, type TestDatasourceHarness } from './test-datasource.js';
export { freePort } from './free-port.js';
export { makeTestCertificates, type TestCertificates } from './test-certificates.js';
export { postCommand, type PostedCommand } from './post-command.js';
export { mp, readWireHeader, wireFrame } from './kismet-wire.js';
export { remoteCapturePort, tcpKismetTool, websocketKismetTool, type KismetTcpTool, type KismetTool, type ReceivedFrame } from './kismet-tool.js';
export { waitUntil, type WaitOptions } from './wait-until.js';
export { hasExited, stopProcess } from './stop-process.js';
export { startTestDaemon, testDaemon, type TestDaemon, type TestDaemonOptions } from './test-daemon.js';
export { alertTestService, type AlertTestService } from './alert-test-service.js';
export { keyValueRows, renderedElements, renderedText, standInUiApi, tableRows, type UiColumnsDefinition, type UiElement, type UiPanelDefinition } from './ui-stand-in.js';
export { promtoolCheck, seriesValue } from './prometheus.js';
export { projectDataPath, repositoryRoot } from './project-data.js';
export { parseCsv } from './csv.js';
export { gpsbabelPoints, type GpsbabelPoint } from './gpsbabel.js';
export {
  describeOrigin,
  hasRealData,
  missingRealData,
  missingRealDataLine,
  pinnedMismatch,
  realDataDir,
  realDataFiles,
  realDataManifest,
  realDataPath,
  realDataTest,
  REQUIRE_REAL_DATA_ENV,
  type RealDataFile,
  type RealDataOrigin,
  type TestBody,
  type TestRegistrar,
} from './real-data.js';
export { encodePng } from './png-image.js';
export { pmtilesTileId, testTileColour, testTilePng, testTilesAround, writeMbtiles, writePmtiles, type PmtilesOptions, type TestTile } from './tile-archives.js';
export { testDevicePosition, type PositionDisc } from './test-device-positions.js';
export { registeredMapLayers, unservedLayerViews } from './map-layers.js';
