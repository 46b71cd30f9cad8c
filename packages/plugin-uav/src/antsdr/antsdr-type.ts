/**
 * `antsdr-droneid` as a remote capture tool feeds it: Kismet's `kismet_cap_antsdr_droneid`
 * connects to an AntSDR receiver running DJI DroneID firmware and sends each report as an
 * `antsdr-droneid` JSON record, which the UAV PHY's decoder reads. svc does not talk to the
 * receiver itself: the type takes remote capture tools only, as Kismet's server does.
 */
import type { DatasourceTypeDefinition } from '@svc/core';
import { ANTSDR_RECORD_TYPE } from './antsdr-record.js';

/** The remote-only `antsdr-droneid` type. */
export const antsdrRemoteType: DatasourceTypeDefinition = {
  name: ANTSDR_RECORD_TYPE,
  description: "DJI DroneID reports of an AntSDR receiver, sent by Kismet's kismet_cap_antsdr_droneid over remote capture",
  capabilities: { probe: false, list: false, local: false, remote: true, passive: true, tune: false, hop: false },
};
