/**
 * The class of device a Classic device sends when it is inquired (Bluetooth Assigned Numbers,
 * "Class of Device"): 24 bits holding the major service classes (what it offers: audio,
 * telephony, networking), the major device class (phone, computer, audio/video) and a minor
 * class whose meaning depends on the major. svc names them as the assigned numbers do, so a
 * user reads "Phone / Smartphone" instead of `0x5a020c`.
 */

/** A class of device, named. */
export interface ClassOfDevice {
  readonly major: string;
  readonly minor: string;
  /** The major service classes set. */
  readonly services: string[];
}

const MAJOR_CLASSES: Readonly<Record<number, string>> = {
  0: 'Miscellaneous',
  1: 'Computer',
  2: 'Phone',
  3: 'LAN/Network Access Point',
  4: 'Audio/Video',
  5: 'Peripheral',
  6: 'Imaging',
  7: 'Wearable',
  8: 'Toy',
  9: 'Health',
  31: 'Uncategorized',
};

const MINOR_CLASSES: Readonly<Record<number, readonly string[]>> = {
  1: ['Uncategorized', 'Desktop Workstation', 'Server-class Computer', 'Laptop', 'Handheld PC/PDA', 'Palm-size PC/PDA', 'Wearable Computer', 'Tablet'],
  2: ['Uncategorized', 'Cellular', 'Cordless', 'Smartphone', 'Wired Modem or Voice Gateway', 'Common ISDN Access'],
  4: [
    'Uncategorized', 'Wearable Headset Device', 'Hands-free Device', 'Reserved', 'Microphone', 'Loudspeaker', 'Headphones', 'Portable Audio', 'Car Audio', 'Set-top Box',
    'HiFi Audio Device', 'VCR', 'Video Camera', 'Camcorder', 'Video Monitor', 'Video Display and Loudspeaker', 'Video Conferencing', 'Reserved', 'Gaming/Toy',
  ],
  7: ['Uncategorized', 'Wristwatch', 'Pager', 'Jacket', 'Helmet', 'Glasses', 'Pin'],
  8: ['Uncategorized', 'Robot', 'Vehicle', 'Doll/Action Figure', 'Controller', 'Game'],
  9: [
    'Uncategorized', 'Blood Pressure Monitor', 'Thermometer', 'Weighing Scale', 'Glucose Meter', 'Pulse Oximeter', 'Heart/Pulse Rate Monitor', 'Health Data Display',
    'Step Counter', 'Body Composition Analyzer', 'Peak Flow Monitor', 'Medication Monitor', 'Knee Prosthesis', 'Ankle Prosthesis', 'Generic Health Manager', 'Personal Mobility Device',
  ],
};

const PERIPHERAL_KINDS = ['', 'Keyboard', 'Pointing Device', 'Combo Keyboard/Pointing Device'];
const PERIPHERAL_MINORS = ['Uncategorized', 'Joystick', 'Gamepad', 'Remote Control', 'Sensing Device', 'Digitizer Tablet', 'Card Reader', 'Digital Pen', 'Handheld Scanner', 'Handheld Gestural Input'];
const IMAGING_BITS: readonly [number, string][] = [[0x10, 'Display'], [0x20, 'Camera'], [0x40, 'Scanner'], [0x80, 'Printer']];
const SERVICE_BITS: readonly [number, string][] = [
  [13, 'Limited Discoverable Mode'], [14, 'LE Audio'], [16, 'Positioning'], [17, 'Networking'], [18, 'Rendering'], [19, 'Capturing'],
  [20, 'Object Transfer'], [21, 'Audio'], [22, 'Telephony'], [23, 'Information'],
];

function minorName(major: number, minorBits: number): string {
  const minor = minorBits >> 2;
  if (major === 5) {
    const kind = PERIPHERAL_KINDS[minor >> 4]!;
    const sub = PERIPHERAL_MINORS[minor & 0x0f] ?? `0x${(minor & 0x0f).toString(16)}`;
    return kind === '' ? sub : sub === 'Uncategorized' ? kind : `${kind}, ${sub}`;
  }
  if (major === 6) return IMAGING_BITS.filter(([bit]) => minorBits & bit).map(([, name]) => name).join(', ') || 'Uncategorized';
  if (major === 3) return minor >> 3 === 0 ? 'Fully Available' : minor >> 3 === 7 ? 'No Service Available' : `Utilized ${Math.round(((minor >> 3) * 100) / 7)}%`;
  const names = MINOR_CLASSES[major];
  return names?.[minor] ?? (minor === 0 ? 'Uncategorized' : `0x${minor.toString(16).padStart(2, '0')}`);
}

/** Names the parts of a class of device. */
export function readClassOfDevice(cod: number): ClassOfDevice {
  const major = (cod >> 8) & 0x1f;
  return {
    major: MAJOR_CLASSES[major] ?? `Reserved (0x${major.toString(16).padStart(2, '0')})`,
    minor: minorName(major, cod & 0xfc),
    services: SERVICE_BITS.filter(([bit]) => cod & (1 << bit)).map(([, name]) => name),
  };
}
