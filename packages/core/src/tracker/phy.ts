/**
 * What a PHY plugin declares: the radio layer it understands. The tracker uses the name for
 * device keys and `/phy/all_phys.json`.
 */

/** A PHY contributed through the `phys` hook. */
export interface PhyDefinition {
  /** PHY name as clients see it (`IEEE802.11`, `RTL433`); also hashed into device keys. */
  readonly name: string;
  /** One line for listings. */
  readonly description: string;
}
