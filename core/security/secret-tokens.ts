import { createHash, randomBytes } from "node:crypto";

/**
 * Bearer secrets (API keys, dashboard session tokens): 256 random bits behind a type prefix, so a leaked
 * one is recognisable by secret scanners. Only the SHA-256 of a token is stored: the tokens are random
 * and long, so a slow hash would add latency to every request without adding safety.
 */
export function generateToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
