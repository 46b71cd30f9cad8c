/**
 * The captures the plugin's fixture tests replay and compare with tshark's references: every
 * real capture of the shared data set (a real-data test, skipped with a line where the data is
 * absent) and svc's own captures: the demo scene under each radio header, the DHCP capture and the
 * bulk capture (always there).
 */
import { projectDataPath, realDataFiles, realDataPath, realDataTest, type TestRegistrar } from '@svc/core/testing';
import { bulkCapturePath, DEMO_CAPTURES, DHCP_CAPTURE, referenceName, TEST_BULK_CAPTURE } from './synthetic/index.js';

/** One capture with the path of its tshark reference. */
export interface FixtureCapture {
  readonly name: string;
  readonly path: string;
  readonly reference: string;
  /** The shared data set's files it needs (none for svc's own). */
  readonly needs: readonly string[];
}

/** The shared data set's real captures. */
export function realCaptures(): FixtureCapture[] {
  return realDataFiles('dot11', /\.(pcap|cap)$/).map((name) => ({
    name,
    path: realDataPath('dot11', name),
    reference: realDataPath('dot11', referenceName(name)),
    needs: [`dot11/${name}`, `dot11/${referenceName(name)}`],
  }));
}

/** svc's own captures: the demo scene under each radio header and the DHCP capture; with `bulk`, the bulk capture too (generated on first use). */
export function ownCaptures(options: { bulk?: boolean } = {}): FixtureCapture[] {
  const demo = [...Object.keys(DEMO_CAPTURES), DHCP_CAPTURE.name].map((name) => ({ name, path: projectDataPath('dot11', name), reference: projectDataPath('dot11', referenceName(name)), needs: [] }));
  if (!options.bulk) return demo;
  const bulk = { name: TEST_BULK_CAPTURE.name, reference: projectDataPath('dot11', referenceName(TEST_BULK_CAPTURE.name)), needs: [] };
  return [...demo, { ...bulk, get path() { return bulkCapturePath(TEST_BULK_CAPTURE); } }];
}

/** Registers `body` as one test per capture (`<name>: <title>`), a real-data test for the shared ones. */
export function eachCapture(test: TestRegistrar, captures: readonly FixtureCapture[], title: string, body: (capture: FixtureCapture) => Promise<void> | void): void {
  for (const capture of captures) {
    realDataTest(test, `${capture.name}: ${title}`, capture.needs, () => body(capture));
  }
}
