/** Who and what the human steps wait for: named alike by the steps drawn and by the clients that answer them. */

export const SIGNAL = "go";
/** The second type of steps that wait for several. */
export const OTHER_SIGNAL = "also";
/** Who votes on approval steps that name assignees, and who an escalation adds. */
export const VOTERS = ["ann@example.com", "bob@example.com", "cy@example.com"] as const;
export const ESCALATION = "boss@example.com";
