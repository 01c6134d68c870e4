import { useState } from "hono/jsx/dom";
import type { AuthSettings } from "../../../domain/account";
import { errorMessage, publicGet, publicPost } from "../api";
import { Field, formValues } from "../components/form";
import { SecretOnce } from "../components/secret-once";
import { ErrorNotice } from "../components/status";
import { useLoad } from "../hooks";
import { navigate, parseHash } from "../router";
import { type Session, sessionEndedReason, setSession } from "../session";
import type { User, Workspace } from "../types";

interface SignupResult {
  user: User;
  workspace: Workspace;
  apiKey: { key: string; name: string };
  token: string;
}
interface LoginResult {
  user: User;
  workspaces: Workspace[];
  token: string;
}

/**
 * Sign in, or create an account: its first workspace and its first API key, shown once. Sign-up follows the
 * server's SIGNUP_MODE: offered to anyone, with an invite code (prefilled from `#/signup?invite=…`, the
 * link an operator can send), or not at all. Until the mode is known the page offers what `open` would;
 * the server refuses what its mode does not allow either way.
 */
export function LoginPage({ mode }: { mode: "login" | "signup" }) {
  const settings = useLoad(() => publicGet<AuthSettings>("/v1/dashboard-auth/config"), "auth-settings");
  const signupMode = settings.data?.signupMode ?? "open";
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ session: Session; key: string } | undefined>(undefined);
  const ended = sessionEndedReason();

  const submit = async (event: Event) => {
    const values = Object.fromEntries([...formValues(event)].map(([key, value]) => [key, String(value)]));
    setBusy(true);
    setError(undefined);
    try {
      if (mode === "signup") {
        const result = await publicPost<SignupResult>("/v1/dashboard-auth/signup", values);
        const session = { token: result.token, workspaceId: result.workspace.id, user: result.user };
        setCreated({ session: { ...session, workspaces: [result.workspace] }, key: result.apiKey.key });
      } else {
        const result = await publicPost<LoginResult>("/v1/dashboard-auth/login", values);
        const first = result.workspaces[0];
        if (!first) throw new Error("This account has no workspace.");
        setSession({
          token: result.token,
          workspaceId: first.id,
          user: result.user,
          workspaces: result.workspaces,
        });
        // A deep link that led to the login page opens once signed in.
        const [page] = parseHash(window.location.hash).path;
        if (!page || page === "login" || page === "signup") navigate("/runs");
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <main id="main" class="auth-page">
        <div class="card auth-card">
          <h1 tabindex={-1}>Welcome to Weft</h1>
          <p>
            Your account and workspace are ready. This is your workspace's first API key, for the REST API.
          </p>
          <SecretOnce
            label="Your API key"
            secret={created.key}
            doneLabel="Continue to the dashboard"
            onDone={() => {
              setSession(created.session);
              navigate("/runs");
            }}
          />
        </div>
      </main>
    );
  }

  const signup = mode === "signup";
  if (signup && signupMode === "closed") {
    return (
      <main id="main" class="auth-page">
        <div class="card auth-card">
          <p class="brand">Weft</p>
          <h1 tabindex={-1}>Sign-up is closed</h1>
          <p>This server does not take new accounts. Ask its operator for access.</p>
          <p class="muted">
            Already have an account? <a href="#/login">Sign in</a>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="main" class="auth-page">
      <form class="card auth-card" onSubmit={submit} aria-describedby="auth-error">
        <p class="brand">Weft</p>
        <h1 tabindex={-1}>{signup ? "Create an account" : "Sign in"}</h1>
        {ended && !signup && <p class="notice">{ended}</p>}
        <Field label="Email">
          <input name="email" type="email" autocomplete="email" required maxlength={254} />
        </Field>
        <Field label="Password" hint={signup ? "At least 8 characters." : undefined}>
          <input
            name="password"
            type="password"
            autocomplete={signup ? "new-password" : "current-password"}
            required
            minlength={signup ? 8 : 1}
            maxlength={256}
          />
        </Field>
        {signup && (
          <Field label="Workspace name">
            <input name="workspaceName" required maxlength={100} autocomplete="organization" />
          </Field>
        )}
        {signup && signupMode === "invite" && (
          <Field label="Invite code" hint="Sign-up on this server is by invitation; the code works once.">
            <input
              name="inviteCode"
              required
              maxlength={200}
              autocomplete="off"
              value={parseHash(window.location.hash).params.get("invite") ?? ""}
            />
          </Field>
        )}
        <div id="auth-error">
          <ErrorNotice error={error} />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Please wait…" : signup ? "Create account" : "Sign in"}
        </button>
        {(signup || signupMode !== "closed") && (
          <p class="muted">
            {signup ? "Already have an account? " : "New to Weft? "}
            <a href={signup ? "#/login" : "#/signup"}>{signup ? "Sign in" : "Create an account"}</a>
          </p>
        )}
      </form>
    </main>
  );
}
