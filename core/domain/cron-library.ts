import { lazyModule } from "./lazy-module";

/**
 * The cron module with cron-parser and its luxon (about 100 kB minified), imported on a process's first
 * check of a new trigger's cron or first next-fire time rather than during the API's cold start.
 */
export const cronLibrary = lazyModule(() => import("./cron"));
