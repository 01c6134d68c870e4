import { Empty, StatusBadge } from "../components/status";
import { Table, type Usage, usageColumns } from "../components/table";
import { formatCount, formatTime, formatUsd } from "../format";
import type { RunCost, RunEvent, StepRun } from "../types";
import { StepBar, StepDetails, waterfall } from "./step-details";

export function RunCostPanel({ cost }: { cost: RunCost | undefined }) {
  return (
    <section class="card" aria-labelledby="cost-title">
      <h2 id="cost-title">Cost</h2>
      {!cost || cost.calls.length === 0 ? (
        <p class="muted">No model calls yet.</p>
      ) : (
        <>
          <p class="big-number" data-testid="run-cost">
            {formatUsd(cost.totalCostUsd)}
            <span class="muted">
              {" "}
              · {formatCount(cost.totalInputTokens)} input / {formatCount(cost.totalOutputTokens)} output
              tokens
            </span>
          </p>
          <Table
            class="compact"
            caption="Model calls of this run"
            rows={cost.calls}
            columns={[
              { head: "Step", cell: (call) => call.stepName },
              { head: "Model", cell: (call) => call.model },
              ...usageColumns((call: Usage) => call),
            ]}
          />
        </>
      )}
    </section>
  );
}

export function StepsTable({ steps, events }: { steps: StepRun[]; events: readonly RunEvent[] }) {
  const bars = waterfall(steps, Date.now());
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">Steps</h2>
      {steps.length === 0 && <Empty>No step has started yet.</Empty>}
      <Table
        caption="Step runs in the order they started"
        rows={steps}
        rowKey={(step) => step.id}
        columns={[
          {
            head: "Step",
            cell: (step) => (
              <>
                {step.stepName}
                {step.copiedFrom && (
                  <div class="muted">copied from the run this one reruns, not run again</div>
                )}
                {step.error && <div class="error-text">{step.error}</div>}
                <StepDetails step={step} events={events} />
              </>
            ),
          },
          { head: "Type", cell: (step) => step.stepType },
          { head: "Status", cell: (step) => <StatusBadge status={step.status} /> },
          { head: "Attempt", num: true, cell: (step) => step.attempt },
          { head: "Started", cell: (step) => formatTime(step.startedAt) },
          { head: "Completed", cell: (step) => formatTime(step.completedAt) },
          { head: "Timing", cell: (step) => <StepBar bar={bars.get(step.id)} /> },
        ]}
      />
    </section>
  );
}
