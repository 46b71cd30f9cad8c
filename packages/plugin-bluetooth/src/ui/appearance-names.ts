/**
 * Readable names of the GAP appearance a BLE device advertises (Bluetooth Assigned Numbers,
 * "Appearance Values"): its top ten bits are a category (watch, keyboard, earbud...), its low
 * six a subcategory within it. svc names every category and the subcategories of the kinds of
 * device users meet most, so the web app shows "Watch: Smartwatch" instead of `0x00C2`.
 */
const CATEGORIES: Readonly<Record<number, string>> = {
  0x000: 'Unknown',
  0x001: 'Phone',
  0x002: 'Computer',
  0x003: 'Watch',
  0x004: 'Clock',
  0x005: 'Display',
  0x006: 'Remote Control',
  0x007: 'Eye-glasses',
  0x008: 'Tag',
  0x009: 'Keyring',
  0x00a: 'Media Player',
  0x00b: 'Barcode Scanner',
  0x00c: 'Thermometer',
  0x00d: 'Heart Rate Sensor',
  0x00e: 'Blood Pressure',
  0x00f: 'Human Interface Device',
  0x010: 'Glucose Meter',
  0x011: 'Running Walking Sensor',
  0x012: 'Cycling',
  0x013: 'Control Device',
  0x014: 'Network Device',
  0x015: 'Sensor',
  0x016: 'Light Fixtures',
  0x017: 'Fan',
  0x018: 'HVAC',
  0x019: 'Air Conditioning',
  0x01a: 'Humidifier',
  0x01b: 'Heating',
  0x01c: 'Access Control',
  0x01d: 'Motorized Device',
  0x01e: 'Power Device',
  0x01f: 'Light Source',
  0x020: 'Window Covering',
  0x021: 'Audio Sink',
  0x022: 'Audio Source',
  0x023: 'Motorized Vehicle',
  0x024: 'Domestic Appliance',
  0x025: 'Wearable Audio Device',
  0x026: 'Aircraft',
  0x027: 'AV Equipment',
  0x028: 'Display Equipment',
  0x029: 'Hearing aid',
  0x02a: 'Gaming',
  0x02b: 'Signage',
  0x031: 'Pulse Oximeter',
  0x032: 'Weight Scale',
  0x033: 'Personal Mobility Device',
  0x034: 'Continuous Glucose Monitor',
  0x035: 'Insulin Pump',
  0x036: 'Medication Delivery',
  0x037: 'Spirometer',
  0x051: 'Outdoor Sports Activity',
};

/** Subcategories, from 1, of the categories users meet most. */
const SUBCATEGORIES: Readonly<Record<number, readonly string[]>> = {
  0x002: ['Desktop Workstation', 'Server-class Computer', 'Laptop', 'Handheld PC/PDA', 'Palm-size PC/PDA', 'Wearable computer', 'Tablet', 'Docking Station', 'All in One', 'Blade Server', 'Convertible', 'Detachable', 'IoT Gateway', 'Mini PC', 'Stick PC'],
  0x003: ['Sports Watch', 'Smartwatch'],
  0x00c: ['Ear Thermometer'],
  0x00d: ['Heart Rate Belt'],
  0x00f: ['Keyboard', 'Mouse', 'Joystick', 'Gamepad', 'Digitizer Tablet', 'Card Reader', 'Digital Pen', 'Barcode Scanner', 'Touchpad', 'Presentation Remote'],
  0x021: ['Standalone Speaker', 'Soundbar', 'Bookshelf Speaker', 'Standmounted Speaker', 'Speakerphone'],
  0x025: ['Earbud', 'Headset', 'Headphones', 'Neck Band'],
  0x028: ['Television', 'Monitor', 'Projector'],
  0x029: ['In-ear hearing aid', 'Behind-ear hearing aid', 'Cochlear Implant'],
  0x02a: ['Home Video Game Console', 'Portable handheld console'],
};

/** What an appearance value says the device is (`Watch: Smartwatch`, `Tag`), or '' for a category svc does not know. */
export function appearanceName(appearance: number): string {
  const category = CATEGORIES[appearance >> 6];
  if (category === undefined) return '';
  const subcategory = appearance & 0x3f;
  if (subcategory === 0) return category;
  return `${category}: ${SUBCATEGORIES[appearance >> 6]?.[subcategory - 1] ?? `subcategory ${subcategory}`}`;
}
