/** dist/dashboard/manifest.json: the hashed asset paths the HTML shell links, written by the build. */
export interface DashboardManifest {
  script: string;
  style: string;
  /** A hash of the sources the build was made from; an unchanged hash skips the next build. */
  sourceHash: string;
}
