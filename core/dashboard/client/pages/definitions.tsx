import { useAction } from "../action";
import { api } from "../api";
import { Ago } from "../components/ago";
import { Field } from "../components/form";
import { JsonView } from "../components/json-view";
import { ErrorNotice, Loading, LoadState } from "../components/status";
import { StepGraph } from "../components/step-graph";
import { Table } from "../components/table";
import { shortId } from "../format";
import { useLoad } from "../hooks";
import { parseJsonField } from "../json-field";
import { navigate } from "../router";
import { graphSteps } from "../step-graph";
import type { Definition, Run } from "../types";

/** The workspace's workflow definitions, each linked to its page. */
export function DefinitionsPage() {
  const definitions = useLoad(() => api<Definition[]>("GET", "/workflow-definitions"), "definitions");
  return (
    <main id="main">
      <h1 tabindex={-1}>Definitions</h1>
      <LoadState
        items={definitions.data}
        loadError={definitions.error}
        empty="No definitions yet. Create one with POST /v1/workflow-definitions."
      />
      <Table
        caption="Workflow definitions"
        rows={definitions.data ?? []}
        columns={[
          { head: "Name", cell: (d) => <a href={`#/definitions/${d.id}`}>{`${d.name} v${d.version}`}</a> },
          { head: "Steps", cell: (d) => String(d.stepsJson.length) },
          { head: "Id", cell: (d) => <code>{shortId(d.id)}</code> },
          { head: "Created", cell: (d) => <Ago iso={d.createdAt} /> },
        ]}
      />
    </main>
  );
}

/** One definition: its steps drawn as a graph, their settings, and a form that starts a run of it. */
export function DefinitionPage({ id }: { id: string }) {
  const definition = useLoad(() => api<Definition>("GET", `/workflow-definitions/${id}`), `definition:${id}`);
  const found = definition.data;
  if (!found) {
    return (
      <main id="main">
        <h1 tabindex={-1}>Definition</h1>
        {definition.error ? <ErrorNotice error={definition.error} /> : <Loading />}
      </main>
    );
  }
  return (
    <main id="main">
      <h1 tabindex={-1}>{`${found.name} v${found.version}`}</h1>
      <StartRunForm definitionId={found.id} />
      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">Steps</h2>
        <StepGraph steps={graphSteps(found.stepsJson)} />
        <details>
          <summary>The steps as JSON</summary>
          <JsonView value={found.stepsJson} />
        </details>
      </section>
    </main>
  );
}

/** Starts a run with the input typed as JSON; a malformed input is refused here, before any request. */
function StartRunForm({ definitionId }: { definitionId: string }) {
  const { error, busy, submit } = useAction();
  const start = submit(async (data) => {
    const input = parseJsonField("input", data.get("input")) ?? {};
    if (input === null || typeof input !== "object" || Array.isArray(input)) {
      throw new Error("The input must be a JSON object.");
    }
    const idempotencyKey = String(data.get("idempotencyKey") ?? "").trim() || undefined;
    const run = await api<Run>("POST", "/workflow-runs", { definitionId, input, idempotencyKey });
    navigate(`/runs/${run.id}`);
    return `Run ${shortId(run.id)} started.`;
  });
  return (
    <form class="start-run" onSubmit={start} aria-label="Start a run">
      <h2>Start a run</h2>
      <ErrorNotice error={error} />
      <Field label="Input (JSON)">
        <textarea name="input" rows={6} spellcheck={false}>
          {"{}"}
        </textarea>
      </Field>
      <Field label="Idempotency key" hint="Optional: the same key starts the run once">
        <input name="idempotencyKey" maxlength={255} />
      </Field>
      <button type="submit" class="primary" disabled={busy}>
        Start run
      </button>
    </form>
  );
}
