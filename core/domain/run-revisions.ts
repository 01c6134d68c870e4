/**
 * An upgrade asked for while a step was active (docs/flow.md, "Upgrading running workflows"): it lands when
 * that step ends. `after` is set by the step's completion: the run then continues after that step's name in
 * the new version's order, unless the step chose its next step itself, or the upgrade says where the run
 * continues (`continueAt`, a step of the new version), which wins over both.
 */
export interface PendingUpgrade {
  definitionId: string;
  requestedAt: string;
  after?: string;
  continueAt?: string;
}

/**
 * What the run was revised by after its creation: upgrades to other versions of its workflow, and content
 * sent back for revision by rejected approvals. Written by the upgrade's landing and the rejection rules.
 */
export interface RunRevisions {
  /** An upgrade waiting for the active step to end. */
  upgrade?: PendingUpgrade;
  /**
   * The definition the run was created on, once an upgrade moved it to another: the run stays listed (and
   * numbered) under it.
   */
  originalDefinitionId?: string;
  /**
   * Per approval step with `onReject`: how many times its content was sent back for revision, and the request
   * of the last rejection (the next request's `previousRequestId`). Absent until the first.
   */
  approvalRevisions?: Record<string, { count: number; lastRequestId: string }>;
}

/** The definition the run is listed under: the one it was created on, whatever version it follows now. */
export function listedDefinitionId(run: { definitionId: string } & RunRevisions): string {
  return run.originalDefinitionId ?? run.definitionId;
}
