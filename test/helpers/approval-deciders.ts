import { signLink, unverifiedClaims } from "../../core/approvals/links/approval-links";
import { linkKeys } from "../../core/approvals/links/link-keys";
import type { SignedUp } from "./accounts";
import type { TestApp } from "./test-app";

/** A decision as a person sends it, from a link's form or the dashboard. */
export interface PersonDecision {
  decision: "approved" | "rejected" | "edited";
  comment?: string;
  editedContent?: Record<string, unknown>;
}

/**
 * Decides as `assignee` the way that person would from a mailed link: issues their review link with the
 * API key (which refuses someone the request does not name) and, unless `asked` is "api-key", signs it
 * again as the mailer does (`issuedBy: "mail"`, counted as the assignee's own vote), opens its page and sends
 * its form. The status says what happened (200 decided or voted), from the links' issue or the page itself
 * when either refuses.
 */
export async function decideByLink(
  t: TestApp,
  apiKey: string,
  approvalId: string,
  assignee: string,
  { decision, comment, editedContent }: PersonDecision,
  asked: "mail" | "api-key" = "mail",
): Promise<Response> {
  const issued = await t.request("POST", `/v1/approval-requests/${approvalId}/links`, {
    body: { assignee },
    headers: { "x-api-key": apiKey },
  });
  // Refused links (someone the request does not name) decide nothing either: their answer is the status.
  if (issued.status !== 201) return issued;
  const [links] = ((await issued.json()) as { data: { review: string }[] }).data;
  const link = asked === "mail" ? await asMailed(t, links?.review ?? "") : (links?.review ?? "");
  const path = new URL(link).pathname;
  const page = await t.app.request(path);
  // A page that refuses (the person voted, the request is decided) has no form to send.
  if (page.status !== 200) return page;
  const proof = /name="proof" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const fields = {
    proof,
    decision,
    ...(comment === undefined ? {} : { comment }),
    ...(editedContent === undefined ? {} : { edited: JSON.stringify(editedContent) }),
  };
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The link the mailer would have sent for the same claims as link `url`, which an API key asked for. */
export async function asMailed(t: TestApp, url: string): Promise<string> {
  const link = new URL(url);
  const claims = unverifiedClaims(link.pathname.slice("/a/".length));
  if (!claims) throw new Error(`not a link: ${url}`);
  const key = await linkKeys(t.deps).forIssuing(claims.workspaceId);
  return `${link.origin}/a/${signLink(key, { ...claims, issuedBy: "mail" })}`;
}

/** A request to the dashboard's mirror of /v1, signed in as the account, in its workspace. */
export const asSession = (t: TestApp, account: SignedUp, method: string, path: string, body?: unknown) =>
  t.request(method, `/dashboard/api${path}`, {
    body,
    headers: { authorization: `Bearer ${account.token}`, "x-workspace-id": account.workspaceId },
  });
