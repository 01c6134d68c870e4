import { createHmac, randomBytes } from "node:crypto";
import { constantTimeEqual } from "../../security/constant-time";

/**
 * Signed one-click links to an approval request (docs/approvals.md, "Links"). A token is
 * `<claims>.<signature>`, both base64url: the claims name the workspace, the request, the assignee the link
 * was issued to, what it may do, until when, and who it was issued to deliver (LinkClaims.issuedBy); the signature is an HMAC-SHA256 of the claims under the
 * workspace's link key. Tokens are never stored: they are checked by their signature, and used up by what
 * they do (a decision, or the assignee's vote, which the request keeps and never takes twice).
 */
export const LINK_ACTIONS = ["approve", "reject", "review"] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

export interface LinkClaims {
  workspaceId: string;
  approvalId: string;
  assignee: string;
  action: LinkAction;
  expiresAtMs: number;
  /** Random: two links issued for the same request, assignee and action differ. */
  nonce: string;
  /**
   * Who the link was handed to, to pass on: `mail` (the service mailed it to the assignee), `webhook` (sent
   * to the workspace's webhook receivers), `api-key:<id>` or `session:<address>` (answered to that caller of
   * `POST …/links`). A vote counts as the assignee only when the service delivered the link to them
   * (core/approvals/decide/quorum.ts). Tokens signed before the field existed read as `mail`, as they counted then.
   */
  issuedBy: string;
}

/** Longer tokens are refused before any parsing: claims are a few short fields. */
export const MAX_TOKEN_CHARS = 1200;

export type LinkCheck =
  | { kind: "valid"; claims: LinkClaims }
  | { kind: "malformed" }
  | { kind: "tampered" }
  | { kind: "expired"; claims: LinkClaims };

/** A random nonce unless one is given: a link issued again from the same event must read the same. */
export function signLink(key: Buffer, claims: Omit<LinkClaims, "nonce">, nonce?: string): string {
  const full: LinkClaims = { ...claims, nonce: nonce ?? randomBytes(9).toString("base64url") };
  const body = Buffer.from(
    JSON.stringify([
      full.workspaceId,
      full.approvalId,
      full.assignee,
      full.action,
      full.expiresAtMs,
      full.nonce,
      full.issuedBy,
    ]),
  ).toString("base64url");
  return `${body}.${mac(key, body)}`;
}

/** The claims as written, before the signature is checked: only to find whose key checks it. */
export function unverifiedClaims(token: string): LinkClaims | undefined {
  if (token.length > MAX_TOKEN_CHARS) return undefined;
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return undefined;
  try {
    const fields: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (!Array.isArray(fields) || (fields.length !== 6 && fields.length !== 7)) return undefined;
    const [workspaceId, approvalId, assignee, action, expiresAtMs, nonce, issuedBy = "mail"] = fields;
    const strings = [workspaceId, approvalId, assignee, nonce, issuedBy].every(
      (field) => typeof field === "string",
    );
    if (!strings || !LINK_ACTIONS.includes(action) || !Number.isSafeInteger(expiresAtMs)) return undefined;
    return { workspaceId, approvalId, assignee, action, expiresAtMs, nonce, issuedBy } as LinkClaims;
  } catch {
    return undefined;
  }
}

export function checkLink(key: Buffer, token: string, nowMs: number): LinkCheck {
  const claims = unverifiedClaims(token);
  if (!claims) return { kind: "malformed" };
  const [body = "", signature = ""] = token.split(".");
  if (!constantTimeEqual(signature, mac(key, body))) return { kind: "tampered" };
  if (nowMs >= claims.expiresAtMs) return { kind: "expired", claims };
  return { kind: "valid", claims };
}

/**
 * The proof a link's page puts in its form: a POST without it was not sent from the page (a scanner, or a
 * form on another site that learned the token), so it decides nothing.
 */
export function formProof(key: Buffer, token: string): string {
  return mac(key, `form:${token}`);
}

function mac(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}
