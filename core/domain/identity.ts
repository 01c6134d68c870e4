import * as z from "zod";
import { normalEmail } from "./approval-group";
import { ForbiddenError } from "./errors";

/**
 * Who the service verified made a change, as opposed to what the request said (`decidedBy`, `startedBy`):
 * a dashboard session's account, the API key a request carried (the CLI and MCP clients hold one too), or
 * the assignee a signed link was issued to (docs/approvals.md, "What each path proves").
 */
export const Identity = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("session"), id: z.string(), email: z.string() }),
    z.object({ kind: z.literal("api-key"), id: z.string(), name: z.string() }),
    z.object({
      kind: z.literal("link"),
      email: z.string(),
      /** Who the link was handed to (core/approvals/links/approval-links.ts); absent on votes cast before. */
      issuedBy: z.string().optional(),
    }),
  ])
  .meta({
    id: "Identity",
    description:
      "Verified by the service: session (the signed-in account), api-key (the key's id and name), " +
      "link (the assignee a signed link was issued to, and issuedBy: who it was handed to pass on, " +
      "mail, webhook, api-key:<id> or session:<address>)",
  });
export type Identity = z.infer<typeof Identity>;

/** The credential a run was created with, kept with its `startedBy` (a key's name is not read for it). */
export const StartedWith = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("session"), id: z.string(), email: z.string() }),
    z.object({ kind: z.literal("api-key"), id: z.string() }),
  ])
  .meta({
    id: "StartedWith",
    description: "Shown with startedBy: the credential that created the run and said it",
  });
export type StartedWith = z.infer<typeof StartedWith>;

/** The person an identity is, when it is one: a key stands for whoever holds it. */
export const personOf = (identity: Identity): string | undefined =>
  identity.kind === "api-key" ? undefined : identity.email;

const SESSION_ISSUER = "session:";

/** Whom a link is issued to pass on (LinkClaims.issuedBy): the caller of `POST …/links`, by its credential. */
export function issuerOf(credential: StartedWith): string {
  return credential.kind === "session" ? `${SESSION_ISSUER}${credential.email}` : `api-key:${credential.id}`;
}

/** The signed-in person who asked for the link an identity used (`POST …/links` from a session), if one did. */
export function linkAskedBy(identity: Identity | undefined): string | undefined {
  const issuedBy = identity?.kind === "link" ? identity.issuedBy : undefined;
  return issuedBy?.startsWith(SESSION_ISSUER) ? issuedBy.slice(SESSION_ISSUER.length) : undefined;
}

/** How the audit trail names an identity: a person by address, a key as `api-key:<id>`. */
export const actorName = (identity: Identity): string =>
  identity.kind === "api-key" ? `api-key:${identity.id}` : identity.email;

/** A person's request may name only that person where it says who acts (`decidedBy`, `startedBy`). */
export function refuseOtherName(person: string, claimed: string | undefined, field: string): void {
  if (claimed !== undefined && normalEmail(claimed) !== normalEmail(person)) {
    throw new ForbiddenError(`You are signed in as ${person}: ${field} may not name anyone else`);
  }
}
