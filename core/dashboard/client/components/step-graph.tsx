import { type GraphStep, stepEdges } from "../step-graph";

const NODE_WIDTH = 220;
const NODE_HEIGHT = 44;
const GAP = 28;
const LANE = 36;

/**
 * The steps as boxes down the page, straight arrows to the next step and curved ones, labelled, for the
 * jumps a condition or an approval's rejection makes; each jump takes a lane of its own to the right.
 */
export function StepGraph({ steps }: { steps: readonly GraphStep[] }) {
  const edges = stepEdges(steps);
  const jumps = edges.filter((edge) => edge.to !== edge.from + 1);
  const width = NODE_WIDTH + 24 + LANE * Math.max(1, jumps.length);
  const height = steps.length * (NODE_HEIGHT + GAP);
  const top = (i: number) => i * (NODE_HEIGHT + GAP);
  return (
    <svg
      class="step-graph"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      role="img"
      aria-label={`The definition's ${steps.length} steps and how a run moves between them`}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      {edges
        .filter((edge) => edge.to === edge.from + 1)
        .map((edge) => (
          <g class="edge">
            <line
              x1={NODE_WIDTH / 2}
              y1={top(edge.from) + NODE_HEIGHT}
              x2={NODE_WIDTH / 2}
              y2={top(edge.to)}
              marker-end="url(#arrow)"
            />
            {edge.label && (
              <text x={NODE_WIDTH / 2 + 6} y={top(edge.from) + NODE_HEIGHT + GAP / 2 + 4}>
                {edge.label}
              </text>
            )}
          </g>
        ))}
      {jumps.map((edge, lane) => {
        const x = NODE_WIDTH + 12 + LANE * (lane + 1);
        const y1 = top(edge.from) + NODE_HEIGHT / 2;
        const y2 = top(edge.to) + NODE_HEIGHT / 2;
        return (
          <g class="edge jump">
            <path
              d={`M${NODE_WIDTH},${y1} C${x},${y1} ${x},${y2} ${NODE_WIDTH},${y2}`}
              fill="none"
              marker-end="url(#arrow)"
            />
            {edge.label && (
              <text x={x - 8} y={(y1 + y2) / 2}>
                {edge.label}
              </text>
            )}
          </g>
        );
      })}
      {steps.map((step, i) => (
        <g class={`node node-${step.type}`} data-step={step.name}>
          <rect x="0" y={top(i)} width={NODE_WIDTH} height={NODE_HEIGHT} rx="6" />
          <text x="10" y={top(i) + 18} class="node-name">
            {step.name}
          </text>
          <text x="10" y={top(i) + 35} class="node-type">
            {step.type}
          </text>
        </g>
      ))}
    </svg>
  );
}
