import type { DashboardManifest } from "./manifest";

// A small "W" mark, inline so the shell needs no extra request.
const ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3451b2"/>' +
      '<path d="M6 9l4 14 4-10 4 10 4-14" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>',
  );

/** The one HTML page of the dashboard: the client bundle renders every screen into #app. */
export function Shell({ manifest }: { manifest: DashboardManifest }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>Weft dashboard</title>
        <link rel="icon" href={ICON} />
        <link rel="stylesheet" href={manifest.style} />
        <script type="module" src={manifest.script} />
      </head>
      <body>
        <div id="app">
          <noscript>The Weft dashboard needs JavaScript. The REST API is documented at /docs.</noscript>
        </div>
      </body>
    </html>
  );
}

/** What `/` shows when the bundle has not been built (a fresh clone before `npm run build:dashboard`). */
export function NotBuilt() {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>Weft dashboard not built</title>
      </head>
      <body>
        <h1>The dashboard is not built</h1>
        <p>
          Run <code>npm run build:dashboard</code> (<code>npm start</code> does it for you), then reload. The
          API is served as usual; its reference is at <a href="/docs">/docs</a>.
        </p>
      </body>
    </html>
  );
}
