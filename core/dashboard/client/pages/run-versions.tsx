import { useState } from "hono/jsx/dom";
import { ApiError, api, errorMessage } from "../api";
import { Field, formValues, Options } from "../components/form";
import { announce } from "../hooks";
import { navigate } from "../router";
import type { Definition, Json, Run, RunWithSteps } from "../types";

type Incompatibility = { kind: string; message: string };
type UpgradeReport = { outcome: string; incompatibilities: Incompatibility[] };

/** The other versions of the run's workflow (same name), newest first, each as `[id, "name vX"]`. */
function versionsOf(definitions: Definition[], run: RunWithSteps): [string, string][] {
  const name = definitions.find((d) => d.id === run.definitionId)?.name;
  return definitions
    .filter((d) => d.name === name)
    .reverse()
    .map((d) => [d.id, `${d.name} v${d.version}${d.id === run.definitionId ? " (this run's)" : ""}`]);
}

/** Parses a JSON object typed by hand; an empty text is `undefined`. */
function jsonObject(text: string, what: string): Json | undefined {
  if (text.trim() === "") return undefined;
  const value = JSON.parse(text) as unknown;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new Error(`${what} must be a JSON object`);
  }
  return value as Json;
}

/**
 * Rerun an ended run from a step (docs/flow.md): the steps before it are copied, not run again; the input
 * can be edited and the state patched, on this version or another of the workflow.
 */
export function RerunPanel({ run, definitions }: { run: RunWithSteps; definitions: Definition[] }) {
  const versions = versionsOf(definitions, run);
  const [definitionId, setDefinitionId] = useState(run.definitionId);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const steps = (definitions.find((d) => d.id === definitionId)?.stepsJson ?? []).map((step) =>
    String(step.name),
  );
  const failed = run.steps.find((step) => step.status === "FAILED")?.stepName;

  const submit = async (event: Event) => {
    const form = formValues(event);
    setBusy(true);
    setError(undefined);
    try {
      const input = jsonObject(String(form.get("input")), "The input");
      const statePatch = jsonObject(String(form.get("statePatch")), "The state patch");
      const created = await api<Run>("POST", `/workflow-runs/${encodeURIComponent(run.id)}/rerun`, {
        fromStep: String(form.get("fromStep")),
        ...(input ? { input } : {}),
        ...(statePatch ? { statePatch } : {}),
        ...(definitionId === run.definitionId ? {} : { definitionId }),
      });
      announce("Rerun started.");
      navigate(`/runs/${created.id}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="rerun-title">
      <h2 id="rerun-title">Rerun from a step</h2>
      <p class="muted">
        A new run: the steps before the one you pick are copied from this run, not run again.
      </p>
      <form class="stack" onSubmit={submit}>
        <Field label="Version">
          <select
            name="definitionId"
            onChange={(e: Event) => setDefinitionId((e.currentTarget as HTMLSelectElement).value)}
          >
            <Options options={versions} selected={definitionId} />
          </select>
        </Field>
        <Field label="From step">
          <select name="fromStep">
            <Options options={steps} selected={failed ?? steps[0]} />
          </select>
        </Field>
        <Field label="Input (JSON)">
          <textarea
            name="input"
            class="mono"
            rows={6}
            spellcheck={false}
            value={JSON.stringify(run.input, null, 2)}
          />
        </Field>
        <Field label="State patch (JSON, optional)" hint="Top-level keys set over the copied steps' state">
          <textarea name="statePatch" class="mono" rows={3} spellcheck={false} />
        </Field>
        {error && <p class="notice notice-error">{error}</p>}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Starting…" : "Rerun"}
        </button>
      </form>
    </section>
  );
}

/** Move a live run to another version: check first (a dry run), then upgrade; the check's list is shown. */
export function UpgradePanel({
  run,
  definitions,
  onUpgraded,
}: {
  run: RunWithSteps;
  definitions: Definition[];
  onUpgraded: () => void;
}) {
  const versions = versionsOf(definitions, run).filter(([id]) => id !== run.definitionId);
  const [target, setTarget] = useState(versions[0]?.[0] ?? "");
  // Empty: where the new version's order puts the run; else the step it continues at (continueAt).
  const [continueAt, setContinueAt] = useState("");
  const [report, setReport] = useState<UpgradeReport | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  if (versions.length === 0) return null;
  const targetSteps = (definitions.find((d) => d.id === target)?.stepsJson ?? []).map((step) =>
    String(step.name),
  );
  const pendingAt = run.pendingUpgrade?.continueAt;

  const send = async (dryRun: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const path = `/workflow-runs/${encodeURIComponent(run.id)}/upgrade`;
      const answer = await api<UpgradeReport>("POST", path, {
        definitionId: target,
        dryRun,
        ...(continueAt === "" ? {} : { continueAt }),
      });
      setReport(answer);
      if (!dryRun) {
        announce(
          answer.outcome === "pending" ? "Upgrade lands when the current step ends." : "Run upgraded.",
        );
        onUpgraded();
      }
    } catch (err) {
      const listed = err instanceof ApiError ? err.details?.incompatibilities : undefined;
      if (Array.isArray(listed)) setReport({ outcome: "incompatible", incompatibilities: listed });
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">Upgrade to another version</h2>
      <p class="muted">
        The run moves at its next step boundary, if nothing in the new version is in its way.
      </p>
      {run.pendingUpgrade && (
        <p class="notice">
          An upgrade is pending; it lands when the current step ends
          {pendingAt === undefined ? "." : `, and the run continues at ${pendingAt}.`}
        </p>
      )}
      <Field label="Version">
        <select
          onChange={(e: Event) => {
            setTarget((e.currentTarget as HTMLSelectElement).value);
            setContinueAt("");
            setReport(undefined);
          }}
        >
          <Options options={versions} selected={target} />
        </select>
      </Field>
      <Field
        label="Continue at"
        hint="Where the run goes on once its step ends; needed when the step it would go to next is not in the new version"
      >
        <select
          onChange={(e: Event) => {
            setContinueAt((e.currentTarget as HTMLSelectElement).value);
            setReport(undefined);
          }}
        >
          <Options
            options={[["", "Where the new version's order puts it"], ...targetSteps]}
            selected={continueAt}
          />
        </select>
      </Field>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => send(true)}>
          Check
        </button>
        <button type="button" class="primary" disabled={busy} onClick={() => send(false)}>
          Upgrade
        </button>
      </div>
      {error && <p class="notice notice-error">{error}</p>}
      {report && (
        <div data-testid="upgrade-report" aria-live="polite">
          {report.incompatibilities.length === 0 ? (
            <p class="notice">
              {report.outcome === "compatible"
                ? "Compatible: nothing in the way."
                : `Upgrade ${report.outcome}.`}
            </p>
          ) : (
            <>
              <p class="notice notice-warn">
                Refused: the new version does not fit this run.
                {report.incompatibilities.some((item) => item.kind.endsWith("_step_missing")) &&
                  " Pick the step it continues at, then check again."}
              </p>
              <ul>
                {report.incompatibilities.map((item) => (
                  <li>
                    <code>{item.kind}</code> {item.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
