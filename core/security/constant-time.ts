import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets in time that depends on neither. Hashing first gives equal-length inputs, which
 * timingSafeEqual needs, without leaking the expected secret's length.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
