/** Whether a trigger fires: read by the API's schemas (trigger.ts) and by the record as kept (trigger-record.ts). */
export const TriggerStatus = { Active: "active", Paused: "paused" } as const;
export type TriggerStatus = (typeof TriggerStatus)[keyof typeof TriggerStatus];
