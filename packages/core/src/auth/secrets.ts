/**
 * Secret handling shared by passwords, sessions and API keys: random tokens and comparisons
 * whose time does not depend on how much of a guess was right.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token: 16 random bytes as 32 uppercase hex digits (Kismet's API key shape). */
export function randomToken(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** A new random password that is easy to copy: 24 characters of base64url. */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** SHA-256 of a secret, used as a lookup key so the secret itself is never compared bytewise. */
export function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Compares two secrets in constant time. */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
