/**
 * The Mode A codes a crew sets to declare an emergency, with what each means: the aircraft's
 * record names the emergency from its squawk, and the web app's panel marks the squawk with it.
 */

/** Emergency squawks and their meaning: 7500 hijack, 7600 radio failure, 7700 any other emergency. */
export const EMERGENCY_SQUAWKS: Readonly<Record<string, string>> = { '7500': 'unlawful interference', '7600': 'no communications', '7700': 'general emergency' };
