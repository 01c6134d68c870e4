import { normalEmail } from "../../domain/approval-group";
import { fixedWindowAt } from "../../domain/rate-window";
import { listsWorkspace } from "../../domain/workspace-list";
import type { Deps } from "../../ports/deps";
import type { AccountStore, Store } from "../../ports/store";

/**
 * The operator's mail policy (docs/operator-policy.md, "Approval mail"): approval mail goes out from the
 * operator's sender, so the operator decides whose requests are mailed (APPROVAL_MAIL), to whom
 * (MAIL_RECIPIENTS), and how many mails a workspace sends per hour and per day.
 */
export type MailPolicyDeps = Pick<Deps, "config" | "clock"> & {
  store: Pick<Store, "rateLimits"> & { accounts: Pick<AccountStore, "findByEmail" | "isMember"> };
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether APPROVAL_MAIL lets the workspace's approval requests be mailed at all. */
export const mailsWorkspace = (config: Deps["config"], workspaceId: string): boolean =>
  listsWorkspace(config.APPROVAL_MAIL, workspaceId);

/** Whether MAIL_RECIPIENTS lets the workspace's mail go to `address`. */
export async function mayReceive(
  deps: MailPolicyDeps,
  workspaceId: string,
  address: string,
): Promise<boolean> {
  const rule = deps.config.MAIL_RECIPIENTS;
  if (rule === "any") return true;
  const email = normalEmail(address);
  if (rule === "members") {
    const account = await deps.store.accounts.findByEmail(email);
    return account !== undefined && (await deps.store.accounts.isMember(account.id, workspaceId));
  }
  return rule.domains.includes(email.slice(email.lastIndexOf("@") + 1));
}

export interface MailQuotaReached {
  per: "hour" | "day";
  limit: number;
}

/**
 * Counts one mail of the workspace in its hour and its UTC day, in the table's counters as the rate limits
 * count requests (so over every instance), and answers the quota it is past, if any. A refused mail counts
 * too, as a refused request does.
 */
export async function chargeMail(
  deps: MailPolicyDeps,
  workspaceId: string,
): Promise<MailQuotaReached | undefined> {
  const nowMs = deps.clock.nowMs();
  const quotas = [
    { per: "hour", lengthMs: HOUR_MS, limit: deps.config.MAIL_PER_HOUR_PER_WORKSPACE },
    { per: "day", lengthMs: DAY_MS, limit: deps.config.MAIL_PER_DAY_PER_WORKSPACE },
  ] as const;
  for (const { per, lengthMs, limit } of quotas) {
    const window = fixedWindowAt(nowMs, lengthMs);
    const count = await deps.store.rateLimits.increment(
      `mail-${per}:${workspaceId}`,
      window.startMs,
      window.expiresAtMs,
      1,
    );
    if (count > limit) return { per, limit };
  }
  return undefined;
}
