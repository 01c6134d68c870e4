import type { Command } from "commander";
import { unwrap, WeftError } from "../../errors.js";
import { configPath } from "../config.js";
import { UsageError } from "../exit-codes.js";
import { CLI_NAME } from "../name.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

const CLI_KEY_NAME = "weft CLI";

function password(options: { password?: string }, env: Record<string, string | undefined>): string {
  const value = options.password ?? env.WEFT_PASSWORD;
  if (!value) throw new UsageError("Give --password or set WEFT_PASSWORD");
  return value;
}

export function authCommands(program: Command, open: Open, env: Record<string, string | undefined>): void {
  program
    .command("signup")
    .description("Create an account and its workspace, and save the first API key")
    .requiredOption("--email <email>")
    .option("--password <password>", "or WEFT_PASSWORD")
    .requiredOption("--workspace <name>", "the workspace's name")
    .option("--slug <slug>", "the workspace's slug (derived from the name when omitted)")
    .option("--invite <code>", "an invite code, on a server where sign-up is by invitation")
    .action(async (options, command: Command) => {
      const session = await open(command);
      const body = {
        email: options.email,
        password: password(options, env),
        workspaceName: options.workspace,
        ...(options.slug ? { workspaceSlug: options.slug } : {}),
        ...(options.invite ? { inviteCode: options.invite } : {}),
      };
      const data = unwrap(await session.anonymous().api.POST("/v1/dashboard-auth/signup", { body }));
      const file = await session.saveConfig({ apiKey: data.apiKey.key });
      const { token: _session, ...shown } = data;
      session.out.done(
        `Signed up ${data.user.email}: workspace ${data.workspace.name} (${data.workspace.id}); API key saved to ${file}`,
        { ...shown, configFile: file },
      );
    });

  program
    .command("login")
    .description("Save an API key: --key checks and saves one; --email creates one named 'weft CLI'")
    .option("--key <apiKey>", "an API key (svc_…) to save")
    .option("--email <email>")
    .option("--password <password>", "or WEFT_PASSWORD")
    .option("--workspace <idOrSlug>", "with --email: the workspace (default: the account's first)")
    .action(async (options, command: Command) => {
      const session = await open(command);
      let apiKey: string | undefined = options.key;
      if (apiKey === undefined) {
        if (!options.email) throw new UsageError("Give --key, or --email and --password");
        apiKey = await keyFromPassword(session, options.email, password(options, env), options.workspace);
      }
      const workspace = unwrap(
        await session.anonymous().api.GET("/v1/workspaces/current", { headers: { "x-api-key": apiKey } }),
      );
      const file = await session.saveConfig({ apiKey });
      session.out.done(`Logged in to ${workspace.name} (${workspace.id}); API key saved to ${file}`, {
        workspace,
        configFile: file,
      });
    });

  program
    .command("logout")
    .description(`Forget the saved API key (it stays valid: revoke it with \`${CLI_NAME} keys revoke\`)`)
    .action(async (_options, command: Command) => {
      const session = await open(command);
      const file = await session.saveConfig({ apiKey: undefined });
      session.out.done(`Forgot the API key in ${file}`, { configFile: file });
    });

  program
    .command("config")
    .description("Show where the CLI connects and with which key")
    .action(async (_options, command: Command) => {
      const session = await open(command);
      session.out.item({
        configFile: configPath(env),
        baseUrl: session.baseUrl,
        apiKey: session.apiKey === undefined ? null : `${session.apiKey.slice(0, 12)}…`,
      });
    });
}

/** Logs in with the dashboard's session, creates an API key in the chosen workspace, and logs out. */
async function keyFromPassword(session: Session, email: string, secret: string, wanted?: string) {
  const login = unwrap(
    await session.anonymous().api.POST("/v1/dashboard-auth/login", { body: { email, password: secret } }),
  );
  const workspace = wanted
    ? login.workspaces.find((w) => w.id === wanted || w.slug === wanted)
    : login.workspaces[0];
  if (!workspace) throw new UsageError(`No workspace ${wanted ?? ""} in this account`);
  const headers = {
    authorization: `Bearer ${login.token}`,
    "content-type": "application/json",
    "x-workspace-id": workspace.id,
  };
  // The dashboard API serves every workspace route with a session instead of a key (docs/api.md).
  const base = session.baseUrl.replace(/\/+$/, "");
  const response = await fetch(`${base}/dashboard/api/v1/api-keys`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: CLI_KEY_NAME }),
  });
  const body = (await response.json()) as {
    data?: { key: string };
    error?: { code: string; message: string };
  };
  await fetch(`${base}/dashboard/api/logout`, { method: "POST", headers }).catch(() => undefined);
  if (!body.data)
    throw new WeftError(body.error?.code ?? "HTTP_ERROR", body.error?.message ?? "", response.status);
  return body.data.key;
}
