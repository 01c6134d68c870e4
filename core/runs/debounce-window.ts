import {
  type DebounceSettings,
  type DebounceWindow,
  debounceScope,
  debounceWindowOpen,
} from "../domain/debounce";
import { ValidationError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { type CommitDeps, commitRun, finishTransition } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import type { DebounceWindowRef } from "../ports/store";
import { renderKey } from "./render-key";

/** A creation's debounce: its settings, the key rendered from its input, and the key's scope. */
export interface Debounce {
  settings: DebounceSettings;
  key: string;
  scope: string;
}

/**
 * The creation's debounce key, rendered from its input (render-key.ts). A key that renders empty or too long
 * is the input's fault: 400, before anything is written.
 */
export function debounceOf(
  settings: DebounceSettings | undefined,
  definitionId: string,
  input: Record<string, unknown>,
): Debounce | undefined {
  if (!settings) return undefined;
  const key = renderKey(settings.key, input, LIMITS.debounceKeyChars);
  if (!key) {
    throw new ValidationError(
      `The debounce key must render to 1-${LIMITS.debounceKeyChars} characters from the input`,
      {
        details: {
          issues: [
            { path: "debounce.key", message: key === undefined ? "renders too long" : "renders empty" },
          ],
        },
      },
    );
  }
  return { settings, key, scope: debounceScope(definitionId, key) };
}

/** A new run's window: it starts a period from now unless a creation joins it. */
export function newWindow(debounce: Debounce, nowMs: number): DebounceWindow {
  const { periodMs } = debounce.settings;
  return { key: debounce.key, periodMs, startAtMs: nowMs + periodMs, creations: 1 };
}

export type JoinOutcome =
  /** The creation joined the key's open window: its input replaced the run's, whose start moved back. */
  | { kind: "joined"; run: RunRecord }
  /** No window is open: a new run opens one, after `follows` (the key's previous window as read, if any). */
  | { kind: "closed"; follows: DebounceWindowRef | undefined }
  /** The window's run changed meanwhile (another creation joined, it started): read again. */
  | { kind: "conflict" };

/**
 * Joins the key's open window, if there is one, through the commit pipeline: the run's input (and the
 * state, which is still `{input}`) becomes this creation's, its start moves to a period from now, and in the
 * same commit the key's entry counts the join (while it still names the run) and an idempotency key given is
 * claimed for it. The moved wake-up is scheduled after the commit;
 * the one it replaces, if it was a Scheduler schedule, is removed.
 */
export async function joinDebounceWindow(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  debounce: Debounce,
  creation: { input: Record<string, unknown>; idempotencyKey?: string | undefined },
): Promise<JoinOutcome> {
  const window = await deps.store.runs.debounceWindow(workspaceId, debounce.scope);
  const run = window && (await deps.store.runs.get(workspaceId, window.runId));
  const nowMs = deps.clock.nowMs();
  if (!run?.debounceWindow || !debounceWindowOpen(run, nowMs)) return { kind: "closed", follows: window };
  const tx = new RunTransition(run, nowMs, deps.ids);
  tx.run.input = creation.input;
  tx.run.state = { input: creation.input };
  tx.run.debounceWindow = {
    ...run.debounceWindow,
    periodMs: debounce.settings.periodMs,
    startAtMs: nowMs + debounce.settings.periodMs,
    creations: run.debounceWindow.creations + 1,
  };
  const commit = await finishTransition(deps, tx);
  const claim = creation.idempotencyKey === undefined ? {} : { claimIdempotencyKey: creation.idempotencyKey };
  const joined = { commit, joinDebounceWindow: { scope: debounce.scope }, ...claim };
  const outcome = await commitRun(deps, joined, { cancelScheduleOf: run });
  return outcome.kind === "committed" ? { kind: "joined", run: commit.run } : { kind: "conflict" };
}
