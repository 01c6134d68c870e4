import { stageSettings } from "./stage";

/** The stage being deployed: its name from SST, its overrides from the deploy's environment. */
export const thisStage = stageSettings($app.stage, process.env);
