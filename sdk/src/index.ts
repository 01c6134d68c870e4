export {
  type ApprovalQuery,
  createWeftClient,
  type WaitOptions,
  type WeftApi,
  type WeftClient,
  type WeftClientOptions,
} from "./client.js";
export { unwrap, WeftError } from "./errors.js";
export { type FollowOptions, followRun, type StreamMessage } from "./follow.js";
export { pages } from "./pages.js";
export type * from "./schema.js";
export { describeEnd, FINAL_STATUSES, RUN_STATUSES } from "./statuses.js";
