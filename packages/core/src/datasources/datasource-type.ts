/**
 * What a datasource plugin declares: a driver type with its capability flags, after Kismet's
 * datasource builders. The datasource tracker lists these at `/datasource/types.json`.
 */

/** Capability flags of a datasource type. */
export interface DatasourceCapabilities {
  /** Can tell whether a definition is for it (used when `type=` is absent). */
  readonly probe: boolean;
  /** Can list interfaces it could open. */
  readonly list: boolean;
  /** Can capture on this host. */
  readonly local: boolean;
  /** Can be fed by a remote capture tool. */
  readonly remote: boolean;
  /** Receives data without being opened (scan reports). */
  readonly passive: boolean;
  /** Can be tuned to a channel. */
  readonly tune: boolean;
  /** Can hop channels. */
  readonly hop: boolean;
}

/** A datasource type contributed through the `datasourceTypes` hook. */
export interface DatasourceTypeDefinition {
  /** Type name used in `type=` (`pcapfile`, `rtl433`). */
  readonly name: string;
  /** One line for `/datasource/types.json`. */
  readonly description: string;
  readonly capabilities: DatasourceCapabilities;
}
