import { useEffect, useRef, useSyncExternalStore } from "hono/jsx/dom";
import { api, sessionApi } from "./api";
import { Loading } from "./components/status";
import { announce, useAnnouncement, useInvalidation, useLoad } from "./hooks";
import { ApprovalsPage } from "./pages/approvals";
import { CostsPage } from "./pages/costs";
import { DefinitionPage, DefinitionsPage } from "./pages/definitions";
import { LoginPage } from "./pages/login";
import { RunPage } from "./pages/run";
import { RunsPage } from "./pages/runs";
import { SettingsPage } from "./pages/settings";
import { TriggersPage } from "./pages/triggers";
import { type Route, useRoute } from "./router";
import {
  askingOtherTabs,
  endSession,
  getSession,
  type Session,
  subscribeSession,
  updateSession,
} from "./session";
import type { Approval, User, Workspace } from "./types";

interface SessionInfo {
  user: User;
  workspaces: Workspace[];
  expiresAt: string;
}

function focusHeading(): void {
  setTimeout(() => document.querySelector<HTMLElement>("main h1")?.focus(), 0);
}

export function App() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const asking = useSyncExternalStore(subscribeSession, askingOtherTabs);
  const route = useRoute();
  const routeKey = route.path.join("/");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else focusHeading(); // a page change moves focus to its title, as a page load would
  }, [routeKey, session === null]);

  if (!session && asking) return <Loading label="Signing in…" />;
  if (!session) return <LoginPage mode={route.path[0] === "signup" ? "signup" : "login"} />;
  return <SignedIn session={session} route={route} />;
}

function SignedIn({ session, route }: { session: Session; route: Route }) {
  const status = useAnnouncement();
  // The session's user, workspaces and expiry; refreshed now and then so a workspace made elsewhere appears.
  const info = useLoad(() => sessionApi.get<SessionInfo>(), session.token, 60_000);
  useEffect(() => {
    if (!info.data) return;
    const { user, workspaces, expiresAt } = info.data;
    const workspaceId = workspaces.some((w) => w.id === session.workspaceId)
      ? session.workspaceId
      : (workspaces[0]?.id ?? session.workspaceId);
    updateSession({ user, workspaces, expiresAt, workspaceId });
    const timer = setTimeout(
      () => endSession("Your session has expired. Sign in again."),
      Math.max(0, Date.parse(expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [info.data]);

  const pending = useLoad(
    () => api<Approval[]>("GET", "/approval-requests?pending=true"),
    session.workspaceId,
    5000,
  );
  useInvalidation("approvals", pending.reload);
  const pendingCount = pending.data?.length ?? 0;
  const page = route.path[0] ?? "runs";

  const logout = async () => {
    const { token } = session;
    endSession("You have signed out.", "You signed out in another tab.");
    try {
      await sessionApi.logout(token);
    } catch {
      // Signed out here either way; the token expires on its own.
    }
  };

  const nav = [
    ["runs", "Runs"],
    ["definitions", "Definitions"],
    ["approvals", "Approvals"],
    ["triggers", "Triggers"],
    ["costs", "Costs"],
    ["settings", "Settings"],
  ] as const;
  return (
    <div class="layout">
      <button type="button" class="skip-link" onClick={focusHeading}>
        Skip to content
      </button>
      <header class="topbar">
        <a class="brand" href="#/runs">
          Weft
        </a>
        <nav aria-label="Main">
          <ul class="nav-list">
            {nav.map(([id, label]) => (
              <li>
                <a href={`#/${id}`} aria-current={page === id ? "page" : undefined}>
                  {label}
                  {id === "approvals" && pendingCount > 0 && (
                    <span class="count">
                      {pendingCount}
                      <span class="sr-only"> pending</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          <label class="workspace-switch">
            <span class="sr-only">Workspace</span>
            <select
              value={session.workspaceId}
              onChange={(event: Event) => {
                const workspaceId = (event.currentTarget as HTMLSelectElement).value;
                updateSession({ workspaceId });
                announce(`Switched to ${session.workspaces.find((w) => w.id === workspaceId)?.name}.`);
              }}
            >
              {session.workspaces.map((w) => (
                <option value={w.id}>{w.name}</option>
              ))}
            </select>
          </label>
          <span class="user muted">{session.user?.email}</span>
          <button type="button" onClick={logout}>
            Sign out
          </button>
        </div>
      </header>
      <div key={session.workspaceId} class="content">
        <Page route={route} />
      </div>
      <p class="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {status && (
        <div class="toast" aria-hidden="true">
          {status}
        </div>
      )}
    </div>
  );
}

function Page({ route }: { route: Route }) {
  const [page = "runs", id] = route.path;
  if (page === "runs" && id) return <RunPage key={id} id={id} />;
  if (page === "runs" || page === "login" || page === "signup") return <RunsPage params={route.params} />;
  if (page === "definitions" && id) return <DefinitionPage key={id} id={id} />;
  if (page === "definitions") return <DefinitionsPage />;
  if (page === "approvals") return <ApprovalsPage />;
  if (page === "triggers") return <TriggersPage />;
  if (page === "costs") return <CostsPage params={route.params} />;
  if (page === "settings") return <SettingsPage section={id} />;
  return (
    <main id="main">
      <h1 tabindex={-1}>Page not found</h1>
      <p>
        <a href="#/runs">Go to the runs</a>
      </p>
    </main>
  );
}
