/**
 * Names the 802.11 plugin registers under, apart from the server's code so the plugin's UI
 * module (built for the browser) can name the same PHY and views.
 */

/** PHY name of 802.11 devices, as Kismet and its clients spell it. */
export const DOT11_PHY_NAME = 'IEEE802.11';

/** Id of the access point view. */
export const ACCESS_POINT_VIEW = 'phydot11_accesspoints';
