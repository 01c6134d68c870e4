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
    operatorPolicy: {
      SIGNUP_MODE: given(DEPLOY_VARIABLES.SIGNUP_MODE) ?? defaults.SIGNUP_MODE,
      SERVER_PROVIDER_KEYS: given(DEPLOY_VARIABLES.SERVER_PROVIDER_KEYS) ?? defaults.SERVER_PROVIDER_KEYS,
    },
    alarmEmail: given(DEPLOY_VARIABLES.alarmEmail),
    quotas: Object.fromEntries(
      Object.entries(QUOTA_VARIABLES).flatMap(([setting, variable]) => {
        const value = given(variable);
        return value === undefined ? [] : [[setting, value]];
      }),
    ),
  };
}
