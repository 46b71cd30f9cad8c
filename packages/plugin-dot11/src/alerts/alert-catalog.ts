/**
 * The 802.11 alerts svc raises, and those of the IP data it reads in data frames (DHCP), as
 * Kismet 2025-09-R1 defines them: the same names, classes, severities and default rates
 * (`kismet_alerts.conf`; an alert without a line there gets Kismet's default of 10/min, 1/sec). Seven are silenced by default (rate 0/min), as in Kismet;
 * `alert=NAME,rate,burst` turns one on. The descriptions are svc's own words.
 */
import type { AlertDefinitionInput } from '@svc/core';

/** Kismet's severity levels. */
const Severity = { LOW: 5, MEDIUM: 10, HIGH: 15, CRITICAL: 20 } as const;

/** One built-in alert: its definition plus the default rates. */
export interface Dot11AlertDefinition extends AlertDefinitionInput {
  readonly class: 'DENIAL' | 'EXPLOIT' | 'PROBE' | 'SPOOF' | 'OTHER';
  readonly severity: number;
}

function alert(name: string, alertClass: Dot11AlertDefinition['class'], severity: number, throttle: string, burst: string, description: string): Dot11AlertDefinition {
  return { name, class: alertClass, severity, throttle, burst, description };
}

/** Every built-in 802.11 alert, by name. */
export const Dot11Alert = {
  ADHOCCONFLICT: 'ADHOCCONFLICT',
  ADVCRYPTCHANGE: 'ADVCRYPTCHANGE',
  AIRJACKSSID: 'AIRJACKSSID',
  APSPOOF: 'APSPOOF',
  BADFIXLENIE: 'BADFIXLENIE',
  BCASTDISCON: 'BCASTDISCON',
  BCOM11KCHAN: 'BCOM11KCHAN',
  BEACONRATE: 'BEACONRATE',
  BSSTIMESTAMP: 'BSSTIMESTAMP',
  CHANCHANGE: 'CHANCHANGE',
  CRYPTODROP: 'CRYPTODROP',
  DEAUTHCODEINVALID: 'DEAUTHCODEINVALID',
  DEAUTHFLOOD: 'DEAUTHFLOOD',
  DHCPCLIENTID: 'DHCPCLIENTID',
  DHCPCONFLICT: 'DHCPCONFLICT',
  DHCPNAMECHANGE: 'DHCPNAMECHANGE',
  DHCPOSCHANGE: 'DHCPOSCHANGE',
  DISCONCODEINVALID: 'DISCONCODEINVALID',
  DOT11D: 'DOT11D',
  FORMATSTRING: 'FORMATSTRING',
  KARMAOUI: 'KARMAOUI',
  LONGSSID: 'LONGSSID',
  LUCENTTEST: 'LUCENTTEST',
  MALFORMMGMT: 'MALFORMMGMT',
  MSFBCOMSSID: 'MSFBCOMSSID',
  MSFDLINKRATE: 'MSFDLINKRATE',
  MSFNETGEARBEACON: 'MSFNETGEARBEACON',
  NETSTUMBLER: 'NETSTUMBLER',
  NOCLIENTMFP: 'NOCLIENTMFP',
  NONCEDEGRADE: 'NONCEDEGRADE',
  NONCEREUSE: 'NONCEREUSE',
  NULLPROBERESP: 'NULLPROBERESP',
  OVERPOWERED: 'OVERPOWERED',
  PROBECHAN: 'PROBECHAN',
  QCOMEXTENDED: 'QCOMEXTENDED',
  RSNLOOP: 'RSNLOOP',
  RTL8195VD1406: 'RTL8195VD1406',
  RTLWIFIP2P: 'RTLWIFIP2P',
  SSIDCANARY: 'SSIDCANARY',
  VDOO202027301: 'VDOO202027301',
  VDOO202027302: 'VDOO202027302',
  WMMOVERFLOW: 'WMMOVERFLOW',
  WMMTSPEC: 'WMMTSPEC',
  WPSBRUTE: 'WPSBRUTE',
} as const;

const A = Dot11Alert;
const { LOW, MEDIUM, HIGH, CRITICAL } = Severity;

/** The definitions, defined on the service at boot under the IEEE802.11 PHY. */
export const DOT11_ALERT_DEFINITIONS: readonly Dot11AlertDefinition[] = [
  alert(A.ADHOCCONFLICT, 'SPOOF', HIGH, '5/min', '1/sec', 'A BSSID seen beaconing as an ad-hoc (IBSS) network now carries access point data to or from a distribution system: a misbehaving device or an impersonation.'),
  alert(A.ADVCRYPTCHANGE, 'SPOOF', HIGH, '5/min', '1/sec', 'An access point changed the encryption it advertises for an SSID: a reconfiguration, or an evil twin offering weaker security.'),
  alert(A.AIRJACKSSID, 'PROBE', LOW, '5/min', '1/sec', "An access point advertises the SSID 'AirJack', which the old AirJack attack tools set while working."),
  alert(A.APSPOOF, 'SPOOF', HIGH, '10/min', '1/sec', 'A device not in the configured list of valid MACs (apspoof=) beacons or answers probes for a protected SSID.'),
  alert(A.BADFIXLENIE, 'EXPLOIT', HIGH, '10/min', '1/sec', 'An element whose length is fixed by the standard came with another length: a broken device, or an attempt to overflow a driver.'),
  alert(A.BCASTDISCON, 'DENIAL', MEDIUM, '5/min', '2/sec', 'A deauthentication or disassociation was sent to every client of a network at once: an access point shutting down, or a denial of service.'),
  alert(A.BCOM11KCHAN, 'EXPLOIT', HIGH, '10/min', '1/sec', 'An 802.11k neighbor report names a channel above 224, which exploits some Broadcom firmware in phones.'),
  alert(A.BEACONRATE, 'SPOOF', HIGH, '5/min', '1/sec', 'An access point changed the beacon interval of an SSID: a reconfiguration, or an evil twin.'),
  alert(A.BSSTIMESTAMP, 'SPOOF', MEDIUM, '5/min', '1/sec', 'The timestamp in the beacons of one BSSID jumped by more than 10 s while it beaconed steadily: two radios are sending as one access point.'),
  alert(A.CHANCHANGE, 'SPOOF', LOW, '5/min', '1/sec', 'An access point advertises an SSID on another channel than before: automatic channel selection, or an evil twin.'),
  alert(A.CRYPTODROP, 'SPOOF', HIGH, '5/min', '1/sec', 'An access point that advertised an encrypted SSID now advertises it open: a reconfiguration, or an evil twin.'),
  alert(A.DEAUTHCODEINVALID, 'EXPLOIT', HIGH, '0/min', '0/sec', 'A deauthentication carries a reason code the standard does not define (25-31 or above 45); some drivers mishandle them. Off by default, as many access points use their own codes.'),
  alert(A.DEAUTHFLOOD, 'DENIAL', MEDIUM, '5/min', '2/sec', 'More than 10 deauthentications or disassociations for one network, each within a second of the last: a denial of service, or an attempt to force clients to reconnect and capture their handshakes.'),
  alert(A.DHCPCONFLICT, 'SPOOF', LOW, '10/min', '1/sec', 'A station a DHCP server gave an address to sends from another one while its lease lasts: a misconfigured client, or another device using its MAC.'),
  alert(A.DHCPNAMECHANGE, 'SPOOF', LOW, '5/min', '1/sec', 'A station changed the host name its DHCP discovers give in one network: a reinstalled or dual-boot system, or another device cloning its MAC.'),
  alert(A.DHCPOSCHANGE, 'SPOOF', LOW, '5/min', '1/sec', 'A station changed the vendor class (DHCP client or operating system) its DHCP discovers give in one network: a dual-boot system, or another device cloning its MAC.'),
  alert(A.DISCONCODEINVALID, 'EXPLOIT', HIGH, '5/min', '1/sec', 'A disassociation carries a reason code the standard does not define (25-31 or above 45); some drivers mishandle them.'),
  alert(A.DOT11D, 'SPOOF', HIGH, '5/min', '1/sec', 'An access point changed the 802.11d country it advertises for an SSID: an evil twin, or an attempt to restrict the channels clients use.'),
  alert(A.FORMATSTRING, 'EXPLOIT', HIGH, '5/min', '1/sec', 'An SSID contains printf format sequences (%s, %n, %p, %@), which have crashed some clients.'),
  alert(A.KARMAOUI, 'PROBE', MEDIUM, '5/min', '1/sec', 'A probe response from OUI 00:13:37, used by Karma access points such as the Wi-Fi Pineapple to answer every probe.'),
  alert(A.LONGSSID, 'EXPLOIT', CRITICAL, '5/min', '1/sec', 'An SSID element longer than the 32 bytes the standard allows: corruption, or an attempt to overflow a driver.'),
  alert(A.LUCENTTEST, 'PROBE', LOW, '0/min', '0/sec', 'A frame from the Lucent Orinoco link test tool. Off by default: such cards are rarely seen now.'),
  alert(A.MALFORMMGMT, 'EXPLOIT', MEDIUM, '5/min', '1/sec', 'A management frame whose fixed fields or elements run past its end (and whose checksum the radio did not reject): a faulty driver, or an attack on drivers that trust lengths.'),
  alert(A.MSFBCOMSSID, 'EXPLOIT', MEDIUM, '5/min', '1/sec', 'A beacon from the source OUI of the Metasploit Broadcom driver exploit (90:E9:75).'),
  alert(A.MSFDLINKRATE, 'EXPLOIT', MEDIUM, '5/min', '1/sec', 'A rates element carrying the Metasploit D-Link driver exploit.'),
  alert(A.MSFNETGEARBEACON, 'EXPLOIT', MEDIUM, '5/min', '1/sec', 'An over-sized beacon carrying the Metasploit Netgear driver exploit.'),
  alert(A.NETSTUMBLER, 'PROBE', LOW, '0/min', '0/sec', 'A probe from NetStumbler or a similar old Windows scanner. Off by default: these tools are rarely seen now.'),
  alert(A.NOCLIENTMFP, 'SPOOF', LOW, '10/min', '1/sec', 'A client associates without management frame protection, so spoofed deauthentications can disconnect it. As in Kismet 2025-09-R1, every association request raises it.'),
  alert(A.NONCEDEGRADE, 'EXPLOIT', MEDIUM, '0/min', '0/sec', 'A WPA group key message with an empty nonce and no key data: a nonce degradation attack, or a partial capture. Off by default, as ordinary group key handshakes can look so.'),
  alert(A.NONCEREUSE, 'EXPLOIT', HIGH, '0/min', '0/sec', 'A WPA handshake message repeats a nonce already used with an equal or older replay counter: a KRACK-style attack, or a retransmission. Off by default.'),
  alert(A.NULLPROBERESP, 'DENIAL', MEDIUM, '5/min', '1/sec', 'A probe response without an SSID, which crashes the firmware of some old Orinoco cards.'),
  alert(A.OVERPOWERED, 'OTHER', HIGH, '0/min', '0/sec', 'A frame arrived above dot11_max_signal (-10 dBm by default): an amplifier set too high, which loses frames. Off by default.'),
  alert(A.PROBECHAN, 'SPOOF', MEDIUM, '5/min', '1/sec', 'A probe response names another channel than the beacons of the same access point and SSID: an evil twin, or a misbehaving repeater.'),
  alert(A.QCOMEXTENDED, 'EXPLOIT', HIGH, '0/min', '0/sec', 'An extended capabilities element longer than 13 bytes, which overflows some Qualcomm drivers (CVE-2019-10539). Off by default, as newer devices send long ones legitimately.'),
  alert(A.RSNLOOP, 'EXPLOIT', HIGH, '5/min', '1/sec', 'An RSN element claiming more than 1024 pairwise ciphers, which loops some Atheros drivers (CVE-2017-9714).'),
  alert(A.RTL8195VD1406, 'EXPLOIT', HIGH, '5/min', '1/sec', 'An EAPOL-Key frame longer than 512 bytes, which overflows Realtek RTL8195 firmware (CVE-2020-9395, VD-1406/1407).'),
  alert(A.RTLWIFIP2P, 'EXPLOIT', HIGH, '5/min', '1/sec', 'A Wi-Fi Direct notice of absence longer than 28 bytes, which overflows the Linux rtlwifi driver (CVE-2019-17666).'),
  alert(A.SSIDCANARY, 'SPOOF', HIGH, '5/min', '1/sec', 'An SSID of the configured canary list (ssidcanary=) was advertised, answered or probed for.'),
  alert(A.VDOO202027301, 'EXPLOIT', HIGH, '5/min', '1/sec', 'A handshake message 3 with more than 257 bytes of key data, which overflows Realtek RTL8710C modules (CVE-2020-27301).'),
  alert(A.VDOO202027302, 'EXPLOIT', HIGH, '5/min', '1/sec', 'A handshake message 3 (AES) with more than 128 bytes of key data, which overflows Realtek RTL8710C modules (CVE-2020-27302).'),
  alert(A.WMMOVERFLOW, 'EXPLOIT', HIGH, '10/min', '1/sec', 'A beacon with a WMM parameter element longer than 24 bytes, as in the Broadpwn attack on Broadcom chips.'),
  alert(A.WMMTSPEC, 'EXPLOIT', HIGH, '10/min', '1/sec', 'An association response with more than 4 WMM TSPEC elements, which overflows some Atheros drivers (CVE-2017-11013).'),
  alert(A.WPSBRUTE, 'EXPLOIT', CRITICAL, '5/min', '1/sec', 'An access point sent more than 5 WPS M3 messages within 5 minutes of each other: a WPS PIN brute force such as Reaver.'),
];

/**
 * The alerts of the IP data svc reads in data frames, which Kismet defines for any PHY (its IP
 * dissector is not the 802.11 PHY's), so they are defined with no PHY.
 */
export const IP_DATA_ALERT_DEFINITIONS: readonly Dot11AlertDefinition[] = [
  alert(A.DHCPCLIENTID, 'SPOOF', LOW, '5/min', '1/sec', 'A DHCP discover whose client identifier (option 61) names another MAC than the frame was sent from: a tool exhausting the DHCP pool with made-up clients.'),
];
