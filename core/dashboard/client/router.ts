import { useEffect, useState } from "hono/jsx/dom";

/**
 * Hash routing: every page is the same static shell, so a deep link or a reload never needs the server to
 * know the client's routes. `#/runs/abc?x=1` → {path: ["runs", "abc"], params: {x: "1"}}.
 */
export interface Route {
  path: string[];
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [pathPart = "", search = ""] = hash.replace(/^#\/?/, "").split("?");
  return {
    path: pathPart.split("/").filter(Boolean).map(decodeURIComponent),
    params: new URLSearchParams(search),
  };
}

export function href(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return `#${path}${text ? `?${text}` : ""}`;
}

export function navigate(path: string, params: Record<string, string | number | undefined> = {}): void {
  window.location.hash = href(path, params);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return route;
}
