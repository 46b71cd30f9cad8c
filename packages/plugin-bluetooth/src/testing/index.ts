/**
 * `@svc/plugin-bluetooth/testing`: HCI captures built byte by byte (Classic inquiry results, LE
 * advertising reports, btsnoop files), for svc's tests and for authors of Bluetooth plugins.
 */
export { advertisingData, btsnoopFile, extendedInquiryResultEvent, leAdvertisingReportEvent, type AdStructure, type BtsnoopRecord, type InquiryResponse, type LeAdvertisement } from './hci-capture.js';
