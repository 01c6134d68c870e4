import type { User, Workspace } from "./types";

/**
 * The signed-in state. Only the session token and the chosen workspace id are kept, in sessionStorage (gone
 * when the tab closes); the user and the workspaces come from GET /dashboard/api/session. Open tabs of the
 * dashboard hand the session to a new one over a BroadcastChannel (docs/dashboard.md, "Sessions"), so a
 * link pasted into a new tab opens signed in while another tab is, and nothing outlives the last tab.
 */
export interface Session {
  token: string;
  workspaceId: string;
  user?: User;
  workspaces: Workspace[];
  expiresAt?: string;
}

const STORAGE_KEY = "weft.session";
/** How long a new tab waits for an open one to hand it the session before it shows the sign-in page. */
const ASK_MS = 250;
const listeners = new Set<() => void>();
let current: Session | null = load();
let endedReason: string | undefined;

/** What tabs tell each other: only the origin's own tabs in this browser profile can hear it. */
type TabMessage =
  | { kind: "ask" }
  | { kind: "session"; token: string; workspaceId: string }
  | { kind: "ended"; token: string; reason: string };

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("weft.session") : undefined;
let asking = current === null && channel !== undefined;
if (channel) {
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.kind === "ask" && current) {
      channel.postMessage(handOff(current));
    } else if (message.kind === "session" && !current) {
      asking = false;
      adopt({ token: message.token, workspaceId: message.workspaceId, workspaces: [] });
    } else if (message.kind === "ended" && current?.token === message.token) {
      // Signed out, expired or refused in another tab: the token is no good here either.
      drop(message.reason);
    }
  };
  if (asking) {
    channel.postMessage({ kind: "ask" } satisfies TabMessage);
    setTimeout(() => {
      if (!asking) return;
      asking = false;
      emit();
    }, ASK_MS);
  }
}

function handOff(session: Session): TabMessage {
  return { kind: "session", token: session.token, workspaceId: session.workspaceId };
}

function load(): Session | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Session | null;
    return saved?.token && saved.workspaceId ? { ...saved, workspaces: [] } : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

/** True while a new tab waits to hear whether another one is signed in. */
export function askingOtherTabs(): boolean {
  return asking;
}

/** Why the last session ended, when the user did not sign out themselves (shown on the login page). */
export function sessionEndedReason(): string | undefined {
  return endedReason;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signs this tab in; a new sign-in also signs in the open tabs that show the sign-in page. */
export function setSession(next: Session): void {
  const signedIn = current?.token !== next.token;
  adopt(next);
  if (signedIn) channel?.postMessage(handOff(next));
}

function adopt(next: Session): void {
  current = next;
  endedReason = undefined;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token: next.token, workspaceId: next.workspaceId }));
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  if (current) setSession({ ...current, ...patch });
}

/**
 * Ends the session in this tab and in every open tab that holds the same one; they show `elsewhere` (by
 * default the same reason) on their sign-in page.
 */
export function endSession(reason?: string, elsewhere = reason): void {
  if (!current) return;
  channel?.postMessage({ kind: "ended", token: current.token, reason: elsewhere ?? "" } satisfies TabMessage);
  drop(reason);
}

function drop(reason: string | undefined): void {
  current = null;
  endedReason = reason || undefined;
  sessionStorage.removeItem(STORAGE_KEY);
  emit();
}
