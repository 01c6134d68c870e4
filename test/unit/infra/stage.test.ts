import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config";
import { OPERATOR_POLICY } from "../../../infra/settings";
import { isEphemeralStage, publicUrlOf, stageSettings } from "../../../infra/stage";

interface AppConfig {
  app(input: { stage: string | undefined }): Promise<{ removal: string; protect: boolean }>;
}

/** sst.config.ts's app(), as SST evaluates it: `$config` returns its argument. */
async function appFor(stage: string | undefined) {
  Object.assign(globalThis, { $config: (config: AppConfig) => config });
  // A computed specifier: tsc does not check sst.config.ts, whose SST globals exist only after `sst install`.
  const path = "../../../sst.config";
  const { default: config } = (await import(/* @vite-ignore */ path)) as { default: AppConfig };
  return config.app({ stage });
}

describe("ephemeral stages", () => {
  it("are the listed names and patterns only", () => {
    for (const stage of ["dev", "local", "pr-1", "pr-482", "personal-ana"])
      expect(isEphemeralStage(stage)).toBe(true);
    for (const stage of ["production", "prod", "staging", "develop", "dev-2", "xpr-1", "personal", "ana"])
      expect(isEphemeralStage(stage), stage).toBe(false);
  });

  it("count a run without a stage as not ephemeral", () => {
    expect(isEphemeralStage(undefined)).toBe(false);
  });
});

describe("sst.config.ts app()", () => {
  it("retains and protects every stage not listed as ephemeral", async () => {
    for (const stage of ["production", "prod", "staging", "ana", undefined])
      expect(await appFor(stage), String(stage)).toMatchObject({ removal: "retain", protect: true });
  });

  it("removes ephemeral stages with their data", async () => {
    for (const stage of ["dev", "pr-7", "personal-ana"])
      expect(await appFor(stage), stage).toMatchObject({ removal: "remove", protect: false });
  });
});

describe("operator policy per stage", () => {
  it("defaults retained stages to invited sign-ups and no server keys for tenants", () => {
    expect(stageSettings("production", {}).operatorPolicy).toEqual({
      SIGNUP_MODE: "invite",
      SERVER_PROVIDER_KEYS: "none",
      APPROVAL_MAIL: "none",
      MAIL_RECIPIENTS: "any",
    });
  });

  it("keeps the service's own defaults on ephemeral stages", () => {
    expect(stageSettings("pr-12", {}).operatorPolicy).toEqual({
      SIGNUP_MODE: "open",
      SERVER_PROVIDER_KEYS: "all",
      APPROVAL_MAIL: "all",
      MAIL_RECIPIENTS: "any",
    });
  });

  it("takes the deploy's WEFT_ variables over the defaults, and ignores the service's own names", () => {
    const env = {
      WEFT_SIGNUP_MODE: "closed",
      WEFT_SERVER_PROVIDER_KEYS: "wsp_01jabcdefghjkmnpqrstvwxyz0",
      WEFT_APPROVAL_MAIL: "wsp_01jabcdefghjkmnpqrstvwxyz0",
      WEFT_MAIL_RECIPIENTS: "example.com",
      SIGNUP_MODE: "open",
    };

    expect(stageSettings("production", env).operatorPolicy).toEqual({
      SIGNUP_MODE: "closed",
      SERVER_PROVIDER_KEYS: "wsp_01jabcdefghjkmnpqrstvwxyz0",
      APPROVAL_MAIL: "wsp_01jabcdefghjkmnpqrstvwxyz0",
      MAIL_RECIPIENTS: "example.com",
    });
    expect(
      stageSettings("production", { SIGNUP_MODE: "open", WEFT_SIGNUP_MODE: " " }).operatorPolicy,
    ).toEqual(OPERATOR_POLICY.retained);
  });

  it("gives both defaults values the service accepts, invite with the admin token it needs", () => {
    expect(() => loadConfig({ ...OPERATOR_POLICY.ephemeral })).not.toThrow();
    expect(() =>
      loadConfig({ ...OPERATOR_POLICY.retained, ADMIN_TOKEN: "a-long-admin-token" }),
    ).not.toThrow();
    // What infra/operator-policy.ts turns into a failed deploy: a retained stage without AdminToken.
    expect(() => loadConfig({ ...OPERATOR_POLICY.retained, ADMIN_TOKEN: "" })).toThrow(/ADMIN_TOKEN/);
  });

  it("sends alarms to WEFT_ALARM_EMAIL when set, and nowhere otherwise", () => {
    expect(stageSettings("production", { WEFT_ALARM_EMAIL: "ops@example.com" }).alarmEmail).toBe(
      "ops@example.com",
    );
    expect(stageSettings("production", {}).alarmEmail).toBeUndefined();
  });

  it("gives the API the triggers quota when the deploy sets it, and keeps the default otherwise", () => {
    const { quotas } = stageSettings("production", { WEFT_MAX_TRIGGERS_PER_WORKSPACE: " 500 " });

    expect(quotas).toEqual({ MAX_TRIGGERS_PER_WORKSPACE: "500" });
    expect(loadConfig(quotas).MAX_TRIGGERS_PER_WORKSPACE).toBe(500);
    expect(loadConfig({}).MAX_TRIGGERS_PER_WORKSPACE).toBe(100);
    expect(() => loadConfig({ MAX_TRIGGERS_PER_WORKSPACE: "0" })).toThrow(/MAX_TRIGGERS_PER_WORKSPACE/);
  });

  it("gives the API only the quotas the deploy sets, which the service's schema then checks", () => {
    const env = { WEFT_MAX_LIVE_RUNS_PER_WORKSPACE: "500", MAX_RUN_CREATIONS_PER_MINUTE: "9" };
    const { quotas } = stageSettings("production", env);
    expect(quotas).toEqual({ MAX_LIVE_RUNS_PER_WORKSPACE: "500" });
    expect(loadConfig(quotas).MAX_LIVE_RUNS_PER_WORKSPACE).toBe(500);
    expect(stageSettings("production", {}).quotas).toEqual({});
    // What infra/operator-policy.ts turns into a failed deploy.
    expect(() => loadConfig({ MAX_RUN_CREATIONS_PER_MINUTE: "lots" })).toThrow(
      /MAX_RUN_CREATIONS_PER_MINUTE/,
    );
  });
});

describe("the public URL links point at", () => {
  it("is required on a retained stage, whose deploy stops without it", () => {
    expect(() => publicUrlOf("production", stageSettings("production", {}))).toThrow(/WEFT_PUBLIC_URL/);
    const given = stageSettings("production", { WEFT_PUBLIC_URL: "https://weft.acme.com/" });
    expect(publicUrlOf("production", given)).toBe("https://weft.acme.com");
  });

  it("is an https origin, nothing else", () => {
    for (const url of ["http://weft.acme.com", "https://weft.acme.com/a/path", "weft.acme.com", "https://"])
      expect(
        () => publicUrlOf("production", stageSettings("production", { WEFT_PUBLIC_URL: url })),
        url,
      ).toThrow();
  });

  it("may be left out on an ephemeral stage, and the service's own PUBLIC_URL name is not read", () => {
    expect(publicUrlOf("pr-3", stageSettings("pr-3", {}))).toBeUndefined();
    expect(() => publicUrlOf("prod", stageSettings("prod", { PUBLIC_URL: "https://x.example" }))).toThrow();
  });
});
