/**
 * Wi-Fi channel numbers from centre frequencies and back (2.4, 5 and 6 GHz bands, and the
 * 4.9 GHz public-safety band), as radiotap and PPI give frequencies and users speak channels.
 */

/** The channel number of a centre frequency in MHz; undefined off the known bands. */
export function channelOfFrequency(mhz: number): number | undefined {
  let channel: number | undefined;
  if (mhz === 2484) channel = 14;
  else if (mhz >= 2412 && mhz < 2484) channel = (mhz - 2407) / 5;
  else if (mhz >= 4910 && mhz <= 4980) channel = (mhz - 4000) / 5;
  else if (mhz >= 5150 && mhz <= 5925) channel = (mhz - 5000) / 5;
  else if (mhz >= 5955 && mhz <= 7115) channel = (mhz - 5950) / 5;
  return channel !== undefined && Number.isInteger(channel) ? channel : undefined;
}

/** The centre frequency in MHz of a channel number; 2.4 GHz for 1-14, else 5 GHz unless told 6 GHz. */
export function frequencyOfChannel(channel: number, band6ghz = false): number | undefined {
  if (!Number.isInteger(channel) || channel <= 0) return undefined;
  if (band6ghz) return channel <= 233 ? 5950 + channel * 5 : undefined;
  if (channel === 14) return 2484;
  if (channel < 14) return 2407 + channel * 5;
  if (channel <= 196) return 5000 + channel * 5;
  return undefined;
}
