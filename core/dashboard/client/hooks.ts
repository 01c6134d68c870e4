import { useEffect, useRef, useState } from "hono/jsx/dom";
import { errorMessage } from "./api";

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load()` when `key` changes and, with `intervalMs`, again every interval while `live` holds and the
 * tab is visible: how pages show changes without a reload. A slow answer never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, intervalMs?: number, live = true): Loaded<T> {
  // Kept with the key it was loaded for: the render right after the key changes must not show the old
  // key's data under the new one (a chart of 30 days' data labelled 90 days).
  const [loaded, setLoaded] = useState<{ key: string; value: T } | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      if (document.visibilityState !== "hidden") {
        try {
          const value = await (loadRef.current as () => Promise<T>)();
          if (cancelled) return;
          setLoaded({ key, value });
          setError(undefined);
        } catch (err) {
          if (!cancelled) setError(errorMessage(err));
        }
        if (!cancelled) setLoading(false);
      }
      if (!cancelled && intervalMs && live) timer = setTimeout(run, intervalMs);
    };
    setLoading(true);
    void run();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [key, intervalMs, live, tick]);

  const data = loaded?.key === key ? loaded.value : undefined;
  return { data, error, loading, reload: () => setTick((n) => n + 1) };
}

/** A piece of text for the shared aria-live status region ("Run cancelled."). */
const announcers = new Set<(text: string) => void>();

export function announce(text: string): void {
  for (const listener of announcers) listener(text);
}

export function useAnnouncement(): string {
  const [text, setText] = useState("");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (next: string) => {
      setText(next);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setText(""), 4000);
    };
    announcers.add(listener);
    return () => {
      announcers.delete(listener);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return text;
}

/** Tells other parts of the page that what they show may have changed ("approvals" after a decision). */
export function invalidate(topic: string): void {
  window.dispatchEvent(new CustomEvent("weft:invalidate", { detail: topic }));
}

export function useInvalidation(topic: string, reload: () => void): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const listener = (event: Event) => {
      if ((event as CustomEvent<string>).detail === topic) reloadRef.current();
    };
    window.addEventListener("weft:invalidate", listener);
    return () => window.removeEventListener("weft:invalidate", listener);
  }, [topic]);
}
