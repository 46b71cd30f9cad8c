/**
 * The app's login check, started as the app's code starts to run (main.tsx imports this module
 * first), before the rest of it evaluates and paints: the page the URL opens waits for the
 * answer. It is asked before the map's first question (map/map-head-start.ts), so the server
 * answers the cheap check first.
 */
import { checkSession } from './session';

/** The login check of the app's start; the app shows its failure. */
export const sessionChecked = checkSession();
