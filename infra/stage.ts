import {
  DEPLOY_VARIABLES,
  EPHEMERAL_STAGES,
  OPERATOR_POLICY,
  type OperatorPolicySetting,
  QUOTA_VARIABLES,
  type QuotaSetting,
} from "./settings";

export type OperatorPolicy = Record<OperatorPolicySetting, string>;

/**
 * What a stage's name and the deploy's environment decide, as pure functions of the two: sst.config.ts's
 * app() reads them before any SST global exists, the components read them in run() (infra/this-stage.ts),
 * the tests read them with any stage and environment.
 */
export interface StageSettings {
  /** Removed with all its data by `sst remove`; otherwise retained, protected, its table undeletable. */
  ephemeral: boolean;
  operatorPolicy: OperatorPolicy;
  alarmEmail: string | undefined;
  /** WEFT_PUBLIC_URL as given; read through publicUrlOf, which refuses a retained stage without it. */
  publicUrl: string | undefined;
  /** The quotas this deploy sets; the others are absent, so the service applies none. */
  quotas: Partial<Record<QuotaSetting, string>>;
}

/** Whether EPHEMERAL_STAGES names the stage; SST can run without one, which counts as not named. */
export function isEphemeralStage(stage: string | undefined): boolean {
  return stage !== undefined && EPHEMERAL_STAGES.some((pattern) => matches(pattern, stage));
}

function matches(pattern: string, stage: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${source}$`).test(stage);
}

export function stageSettings(stage: string, env: Record<string, string | undefined>): StageSettings {
  const ephemeral = isEphemeralStage(stage);
  const defaults = ephemeral ? OPERATOR_POLICY.ephemeral : OPERATOR_POLICY.retained;
  const given = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  return {
    ephemeral,
    operatorPolicy: Object.fromEntries(
      Object.entries(defaults).map(([setting, fallback]) => [
        setting,
        given(DEPLOY_VARIABLES[setting as OperatorPolicySetting]) ?? fallback,
      ]),
    ) as OperatorPolicy,
    alarmEmail: given(DEPLOY_VARIABLES.alarmEmail),
    publicUrl: given(DEPLOY_VARIABLES.publicUrl),
    quotas: Object.fromEntries(
      Object.entries(QUOTA_VARIABLES).flatMap(([setting, variable]) => {
        const value = given(variable);
        return value === undefined ? [] : [[setting, value]];
      }),
    ),
  };
}

/**
 * The PUBLIC_URL the functions get. Without one, links would point at the local service's address
 * (core/config.ts, publicOrigin), never at a request's Host: so a retained stage, a real server people
 * receive links from, refuses to deploy without it, and with anything but an https origin. An ephemeral one
 * may go without (its webhook and mail links then use the API's function URL, docs/deploy.md).
 */
export function publicUrlOf(stage: string, settings: StageSettings): string | undefined {
  const given = settings.publicUrl;
  if (given === undefined) {
    if (settings.ephemeral) return undefined;
    throw new Error(
      `Stage ${stage} is retained: set ${DEPLOY_VARIABLES.publicUrl} to its public https address (the apiUrl ` +
        "a first deploy prints, or your domain), where the links it hands out point (docs/deploy.md).",
    );
  }
  const url = URL.canParse(given) ? new URL(given) : undefined;
  if (url?.protocol !== "https:" || url.origin !== given.replace(/\/+$/, "")) {
    throw new Error(
      `${DEPLOY_VARIABLES.publicUrl} must be an https origin (https://host[:port]), not ${given}`,
    );
  }
  return url.origin;
}
