/**
 * `@svc/plugin-adsb/testing`: Mode S frames built bit by bit with their parity, for tests and
 * benchmarks of anything that takes aircraft input.
 */
export * from './mode-s-frames.js';
