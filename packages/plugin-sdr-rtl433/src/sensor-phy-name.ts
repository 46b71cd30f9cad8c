/**
 * The names of the rtl_433 sensors' PHY, in a module of its own so the browser's UI module can
 * name the PHY without loading the server side: Kismet's current `RFSENSOR`, and the retired
 * `RTL433` under which older logs and clients know it.
 */

/** PHY name of rtl_433 sensors, as Kismet (2025-09 on) spells it. */
export const RFSENSOR_PHY_NAME = 'RFSENSOR';

/** The PHY's former name: older logs hold `RTL433` devices, older clients ask for `phy-RTL433`. */
export const FORMER_PHY_NAME = 'RTL433';
