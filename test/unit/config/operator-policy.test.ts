import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config";
import { listsWorkspace } from "../../../core/domain/workspace-list";

const WORKSPACE_A = "wsp_01jc5d2m4n6p8q0r2s4t6v8w0x";
const WORKSPACE_B = "wsp_01jc5d2m4n6p8q0r2s4t6v8w0y";

describe("SIGNUP_MODE", () => {
  it("defaults to open, so a server configured as before behaves as the specification says", () => {
    expect(loadConfig({}).SIGNUP_MODE).toBe("open");
  });

  it.each(["open", "closed"] as const)("accepts %s without an admin token", (mode) => {
    expect(loadConfig({ SIGNUP_MODE: mode }).SIGNUP_MODE).toBe(mode);
  });

  it("accepts invite with an admin token, the credential that creates invites", () => {
    expect(loadConfig({ SIGNUP_MODE: "invite", ADMIN_TOKEN: "adm-0123456789" }).SIGNUP_MODE).toBe("invite");
  });

  it("refuses to start in invite mode without an admin token, where nobody could sign up", () => {
    expect(() => loadConfig({ SIGNUP_MODE: "invite" })).toThrow(/SIGNUP_MODE.*ADMIN_TOKEN/);
    expect(() => loadConfig({ SIGNUP_MODE: "invite", ADMIN_TOKEN: " " })).toThrow(/SIGNUP_MODE/);
  });

  it.each(["Open", "invites", "", "none"])("refuses the unknown mode %j", (mode) => {
    expect(() => loadConfig({ SIGNUP_MODE: mode })).toThrow(/SIGNUP_MODE/);
  });
});

describe("AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE", () => {
  it("defaults to 10 attempts per e-mail, beside 20 per client address", () => {
    const config = loadConfig({});
    expect(config.AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE).toBe(10);
    expect(config.AUTH_RATE_LIMIT_PER_MINUTE).toBe(20);
  });

  it.each(["0", "-1", "1.5", "ten"])("refuses %j", (value) => {
    expect(() => loadConfig({ AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: value })).toThrow(
      /AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE/,
    );
  });
});

describe("SERVER_PROVIDER_KEYS", () => {
  const setting = (value: string | undefined) =>
    loadConfig({ SERVER_PROVIDER_KEYS: value }).SERVER_PROVIDER_KEYS;

  it("lets every workspace use the server keys by default, and when set empty", () => {
    expect(setting(undefined)).toBe("all");
    expect(setting("")).toBe("all");
    expect(listsWorkspace(setting(undefined), WORKSPACE_A)).toBe(true);
  });

  it.each(["all", "ALL", " all "])("reads %j as every workspace", (value) => {
    expect(setting(value)).toBe("all");
  });

  it.each(["none", "None"])("reads %j as no workspace", (value) => {
    expect(setting(value)).toEqual([]);
    expect(listsWorkspace(setting(value), WORKSPACE_A)).toBe(false);
  });

  it("lets exactly the listed workspaces use them, spaces and empty entries aside", () => {
    const listed = setting(` ${WORKSPACE_A} ,, `);
    expect(listed).toEqual([WORKSPACE_A]);
    expect(listsWorkspace(listed, WORKSPACE_A)).toBe(true);
    expect(listsWorkspace(listed, WORKSPACE_B)).toBe(false);
    expect(setting(`${WORKSPACE_A},${WORKSPACE_B}`)).toEqual([WORKSPACE_A, WORKSPACE_B]);
  });

  it.each([
    "nobody",
    `${WORKSPACE_A},wsp_short`,
    "key_01jc5d2m4n6p8q0r2s4t6v8w0x",
    `${WORKSPACE_A.toUpperCase()}`,
  ])("refuses %j, so a typo cannot quietly withhold or grant the keys", (value) => {
    expect(() => setting(value)).toThrow(/SERVER_PROVIDER_KEYS/);
  });
});
