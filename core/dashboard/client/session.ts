import type { User, Workspace } from "./types";

/**
 * The signed-in state. Only the session token and the chosen workspace id are kept, in sessionStorage (gone
 * when the tab closes); the user and the workspaces come from GET /dashboard/api/session.
 */
export interface Session {
  token: string;
  workspaceId: string;
  user?: User;
  workspaces: Workspace[];
  expiresAt?: string;
}

const STORAGE_KEY = "weft.session";
const listeners = new Set<() => void>();
let current: Session | null = load();
let endedReason: string | undefined;

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

/** Why the last session ended, when the user did not sign out themselves (shown on the login page). */
export function sessionEndedReason(): string | undefined {
  return endedReason;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(next: Session): void {
  current = next;
  endedReason = undefined;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token: next.token, workspaceId: next.workspaceId }));
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  if (current) setSession({ ...current, ...patch });
}

export function endSession(reason?: string): void {
  if (!current) return;
  current = null;
  endedReason = reason;
  sessionStorage.removeItem(STORAGE_KEY);
  emit();
}

export function currentWorkspace(session: Session): Workspace | undefined {
  return session.workspaces.find((workspace) => workspace.id === session.workspaceId);
}
