import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { email, home, json, setUpCli, url, weft } from "./cli-fixtures";

/**
 * `weft` signed up, logged in and managing keys: the config file the sign-up saves, and keys created, listed
 * and revoked, then a login with e-mail and password.
 */
setUpCli();

describe("weft (the CLI) against the service over HTTP", () => {
  it("saves the sign-up's key to $XDG_CONFIG_HOME/weft/config.json, readable by its owner only", async () => {
    const path = join(home, "weft", "config.json");

    const saved = JSON.parse(await readFile(path, "utf8")) as { apiKey: string; baseUrl: string };
    const shown = await json<{ apiKey: string; configFile: string }>("config");

    expect(saved.apiKey).toMatch(/^svc_/);
    expect(saved.baseUrl).toBe(url);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(shown).toEqual(
      expect.objectContaining({ configFile: path, apiKey: `${saved.apiKey.slice(0, 12)}…` }),
    );
  });

  it("creates, lists and revokes a key, and logs in with e-mail and password", async () => {
    const created = await json<{ id: string; key: string }>("keys", "create", "ci");
    const listed = await json<{ id: string }[]>("keys", "list");
    const revoked = await weft("keys", "revoke", created.id);
    const login = await weft("login", "--email", email, "--password", "correct horse battery");
    const names = (await json<{ name: string }[]>("keys", "list")).map((key) => key.name);

    expect(listed.map((key) => key.id)).toContain(created.id);
    expect(revoked).toEqual(expect.objectContaining({ code: 0, stdout: `Revoked ${created.id}\n` }));
    expect(login.code, login.stderr).toBe(0);
    expect(names).toContain("weft CLI");
  });
});
