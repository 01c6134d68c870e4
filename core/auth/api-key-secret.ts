import { generateToken, hashToken } from "../security/secret-tokens";

export const API_KEY_PREFIX = "svc_";
/** How much of a key is shown back in lists: enough to tell keys apart, far too little to use one. */
const VISIBLE_PREFIX_LENGTH = 12;

export interface NewApiKeySecret {
  key: string;
  keyPrefix: string;
  keyHash: string;
}

export function generateApiKeySecret(): NewApiKeySecret {
  const key = generateToken(API_KEY_PREFIX);
  return { key, keyPrefix: key.slice(0, VISIBLE_PREFIX_LENGTH), keyHash: hashToken(key) };
}

export const hashApiKey = hashToken;
