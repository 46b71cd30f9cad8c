/**
 * The encryption summary Android and WiGLE write for a scanned network
 * (`[WPA2-PSK-CCMP][RSN-SAE-CCMP][WPS][ESS]`), turned into svc's crypt bitfield so a scanned
 * access point reads like one heard beaconing. Each bracketed item is `protocol-key
 * management-ciphers`; `[WEP]`, `[WPS]`, `[IBSS]` stand alone.
 */
import { Crypt } from '../device/crypt.js';

/** The crypt bitfield of a capability string, and whether it describes an ad-hoc network. */
export function capabilitiesCrypt(text: string): { crypt: number; adhoc: boolean } {
  let crypt: number = Crypt.NONE;
  let adhoc = false;
  for (const match of text.toUpperCase().matchAll(/\[([^\]]*)\]/g)) {
    const parts = match[1]!.split('-');
    const protocol = parts[0]!;
    if (protocol === 'WEP') crypt |= Crypt.WEP;
    else if (protocol === 'WPS') crypt |= Crypt.WPS;
    else if (protocol === 'IBSS') adhoc = true;
    else if (protocol === 'WPA' || protocol === 'WPA2' || protocol === 'RSN' || protocol === 'WPA3') {
      crypt |= Crypt.WPA;
      crypt |= protocol === 'WPA' ? Crypt.VERSION_WPA : protocol === 'WPA3' ? Crypt.VERSION_WPA3 : Crypt.VERSION_WPA2;
      for (const part of parts.slice(1)) {
        for (const item of part.split('+')) {
          if (item === 'PSK') crypt |= Crypt.PSK;
          else if (item === 'EAP' || item === 'EAP_SUITE_B_192') crypt |= Crypt.EAP;
          else if (item === 'SAE') crypt |= Crypt.SAE | Crypt.VERSION_WPA3;
          else if (item === 'OWE') crypt |= Crypt.OWE | Crypt.VERSION_WPA3;
          else if (item === 'CCMP' || item === 'GCMP' || item === 'GCMP256' || item === 'CCMP256') crypt |= Crypt.AES_CCM;
          else if (item === 'TKIP') crypt |= Crypt.TKIP;
        }
      }
    }
  }
  return { crypt, adhoc };
}
