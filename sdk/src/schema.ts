// Generated from the API's OpenAPI document by `npm run generate -w sdk`; do not edit.
// test/sdk/schema-fresh.test.ts fails when it no longer matches the routes.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health check */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 once the table answers a read, 503 while it does not */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's active keys (never the raw key) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key for the caller's workspace; the key is shown only in this response */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key, for good; revoking the calling key succeeds and the key fails from the next request */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's approval groups, by name */
        get: operations["listApprovalGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-groups/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One approval group */
        get: operations["getApprovalGroup"];
        /** Create an approval group or replace its members; steps assign it as group:<name> */
        put: operations["putApprovalGroup"];
        post?: never;
        /** Delete an approval group; steps naming it then match nobody through it */
        delete: operations["deleteApprovalGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approval requests, newest first: pending=true undecided, pending=false decided, omitted all
         * @description Filters: `assignee` (an e-mail address: requests naming it, directly or through a group it is in), `workflowRunId`, `definitionId`. With `page` or `pageSize` the answer is a page with `meta`; without, the plain array of the spec.
         */
        get: operations["listApprovalRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One approval request, with the diff from the draft it revises */
        get: operations["getApprovalRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The request's audit trail: opened, votes, decision, expiry, revision, hash-chained */
        get: operations["getApprovalAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve, reject, or edit then approve; the run continues at once */
        post: operations["decideApprovalRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fresh signed links for assignees to decide a pending request without signing in
         * @description Each link opens a page at `/a/<token>`; the page's form decides, a plain GET never does. A link is bound to the request, the assignee and an expiry, and is used up by the decision or vote it makes.
         */
        post: operations["issueApprovalLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-requests/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JSON Lines of the requests created in [from, to), oldest first, each with its audit trail (at most 1000) */
        get: operations["exportApprovalAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's monthly LLM budget and the month's spend so far */
        get: operations["getBudget"];
        /** Sets the workspace's monthly LLM budget: a call that would cross it fails with BUDGET_EXCEEDED */
        put: operations["putBudget"];
        post?: never;
        /** Removes the workspace's monthly LLM budget */
        delete: operations["deleteBudget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cost/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's cost per UTC day and model over a range of whole days, every day listed
         * @description `from` and `to` are inclusive dates; the range covers at most 366 days. Days are listed oldest first, a day without calls with `totalCostUsd` 0 and an empty `byModel`.
         */
        get: operations["getDailyCost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cost/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's cost over a time range, by model, with the number of runs that made calls */
        get: operations["getCostSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dashboard-auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the sign-in page offers: `signupMode` is open, invite (ask for a code) or closed (no sign-up) */
        get: operations["getAuthSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dashboard-auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the dashboard; the token is a dashboard session, never accepted as an API key */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dashboard-auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account with its first workspace and first API key (shown once), and a dashboard session
         * @description Follows the server's `SIGNUP_MODE`: `open` takes anyone, `invite` needs a valid `inviteCode` (see POST /v1/invites), `closed` takes no one.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event: starts a run of every active event trigger it matches (docs/triggers.md) */
        post: operations["sendEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a single-use sign-up invite (SIGNUP_MODE=invite); the code is shown only in this response
         * @description Takes the operator's `x-admin-token` instead of an API key, so the first account of an invite-only server can be invited. Refused for every caller when the server has no `ADMIN_TOKEN`. The code expires after 7 days and opens one sign-up, given as `inviteCode`.
         */
        post: operations["createInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/llm-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's provider settings (never the keys) */
        get: operations["listLlmProviders"];
        /** Add a provider key (201) or replace the key and settings of one (200); the key is never returned */
        put: operations["putLlmProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/llm-providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the workspace's key for a provider; the server's key, if any, applies again */
        delete: operations["deleteLlmProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/llm-providers/priority": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the priorities of 1 to 3 configured providers at once (all or none) */
        patch: operations["setLlmProviderPriorities"];
        trace?: never;
    };
    "/v1/mcp-servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's MCP servers (never the header's value) */
        get: operations["listMcpServers"];
        put?: never;
        /** Register a remote MCP server whose tools agent and llm steps may call */
        post: operations["createMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an MCP server; steps that name it fail from then on */
        delete: operations["deleteMcpServer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote-tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's remote tools (never the secret) */
        get: operations["listRemoteTools"];
        put?: never;
        /** Register a remote tool; its signing secret is shown only in this response */
        post: operations["createRemoteTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote-tools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a remote tool; steps that use it fail from then on */
        delete: operations["deleteRemoteTool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/threads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of a thread's messages, oldest first */
        get: operations["listThreadMessages"];
        put?: never;
        post?: never;
        /** Delete a thread and its messages */
        delete: operations["deleteThread"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's triggers, oldest first, with each active cron trigger's next fire */
        get: operations["listTriggers"];
        put?: never;
        /** Create a cron or event trigger (docs/triggers.md); past the workspace's quota, 429 */
        post: operations["createTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triggers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One trigger */
        get: operations["getTrigger"];
        put?: never;
        post?: never;
        /** Delete a trigger (and its schedule); its runs stay */
        delete: operations["deleteTrigger"];
        options?: never;
        head?: never;
        /** Pause (`status: paused`) or resume (`status: active`) a trigger */
        patch: operations["updateTrigger"];
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's webhooks (never the secret) */
        get: operations["listWebhooks"];
        put?: never;
        /** Register a webhook; its signing secret is shown only in this response */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook; no further delivery attempt is made to it, even one already scheduled */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's delivery log, newest first: each event's attempts and how they ended */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All of the workspace's definitions, oldest first */
        get: operations["listWorkflowDefinitions"];
        put?: never;
        /** Create an immutable workflow definition; a change is a new definition with a new version */
        post: operations["createWorkflowDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-definitions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One definition */
        get: operations["getWorkflowDefinition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-definitions/{id}/migrate-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upgrade the live runs created on this definition to another version, a page of 25 runs per request */
        post: operations["migrateWorkflowRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs, newest first, paginated and filtered */
        get: operations["listWorkflowRuns"];
        put?: never;
        /** Start a run; with an idempotencyKey already used, the existing run is returned with 200 */
        post: operations["createWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run with its current step and step runs */
        get: operations["getWorkflowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a live run */
        post: operations["cancelWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/cost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's model calls with their tokens and cost, oldest first */
        get: operations["getRunCost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's events, oldest first, paginated */
        get: operations["listWorkflowRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a new run from a step of an ended run: the steps before it copied, not executed again */
        post: operations["rerunWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signal to a run waiting at an external_event step */
        post: operations["resumeWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restart a FAILED run from its failed step */
        post: operations["retryWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signal to a live run: taken by the step waiting for its type, or kept until one does */
        post: operations["sendSignal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/steps/{stepName}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make an llm step's recorded call again, with another model or prompt, without changing the run */
        post: operations["replayStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/steps/{stepName}/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The step's replays in the run, oldest first (at most 100) */
        get: operations["listStepReplays"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/steps/{stepRunId}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent step's conversation as its last committed turn left it (docs/agents.md) */
        get: operations["getAgentTranscript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a run live (Server-Sent Events): its events from Last-Event-ID on, then each new one
         * @description Each stored event is a message with `id` = its number in the run and `data` = the event as GET /events lists it; `LLM_TOKEN` messages (no id) carry token deltas of llm steps with `stream: true` where the service can see them; an `end` event `{status}` closes a run that has stopped. A connection lasts at most 25 s; reconnect with `Last-Event-ID` to go on.
         */
        get: operations["streamWorkflowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a live run to another version of its workflow at its next step boundary, if compatible */
        post: operations["upgradeWorkflowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dry run: what a run would need and may cost, checked against the workspace, without starting it */
        post: operations["estimateRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an additional workspace, owned by the caller's account; it issues no API key
         * @description Needs `x-admin-token` as well when the server has `ADMIN_TOKEN` configured.
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace of the calling key */
        get: operations["getCurrentWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A model calling tools turn after turn, each turn and each turn's tool calls committed, until it answers without a tool call */
        AgentStep: {
            /** @description Tried in order after model */
            fallbackModels?: string[];
            /** @description The error classes that move to the next model (default rate_limit, server_error, overloaded, timeout, connection); a context_length error not listed still moves to a listed model with a larger window */
            fallbackOn?: ("rate_limit" | "server_error" | "overloaded" | "timeout" | "connection" | "context_length" | "content_filter" | "auth" | "bad_request")[];
            guardrails?: ({
                maxChars: number;
                /** @enum {string} */
                type: "max_length";
            } | {
                /** @enum {string} */
                mode: "must_match" | "must_not_match";
                /** @description ECMAScript syntax, matched by RE2 in linear time: no backreferences or lookaround; at most 1000 characters and 1000 elements with {n,m} repetitions unrolled */
                pattern: string;
                /** @enum {string} */
                type: "regex";
            } | {
                /** @enum {string} */
                type: "blocklist";
                /** @description Matched case-insensitively */
                words: string[];
            } | {
                /** @description A JSON Schema (draft 2020-12) object */
                schema: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                type: "json_schema";
            })[];
            /** @description The agent's system prompt, templated: the same as systemPrompt, under the name agents use (give one) */
            instructions?: string;
            maxTokens?: number;
            /**
             * @description Model turns the step may take before it fails (default 50)
             * @default 50
             */
            maxTurns?: number;
            messages?: {
                /** @description May contain {{name}}, {{input.name}} or {{state.path}} placeholders */
                content: string;
                /** @enum {string} */
                role: "system" | "user" | "assistant";
            }[];
            /** @description Model name; its prefix picks the provider */
            model: string;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description JSON Schema the parsed output must satisfy */
            outputSchema?: {
                [key: string]: unknown;
            };
            /** @description How many times an answer that is not valid JSON or breaks outputSchema goes back to the same model with the error (default 1) */
            repairAttempts?: number;
            /**
             * @description Parse the response as JSON
             * @enum {string}
             */
            responseFormat?: "json";
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /** @description Ends the agent before an answer without tool calls (default: that answer ends it) */
            stopWhen?: {
                /** @description One of the step's tools (by the name the model sees): once a turn's calls of it have run, the step completes */
                toolCalled?: string;
                /** @description Once a call of this tool answers with a result that matches, the step completes with that result */
                toolResult?: {
                    /** @description Paths into the tool's result and the values they must have, as a trigger's filter */
                    matches: {
                        [key: string]: string | number | boolean | null | {
                            in: (string | number | boolean | null)[];
                        };
                    };
                    tool: string;
                };
            };
            systemPrompt?: string;
            temperature?: number;
            /** @description Start from the latest messages of the run's thread (its threadId), within threadWindowTokens, and add the step's prompt and final answer to it */
            thread?: boolean;
            /** @description With thread: true, the thread's messages older than the window are summarized by the step's model (a unit of its own, kept in the thread for the steps after it) and given to the model with the system prompt */
            threadSummary?: {
                /**
                 * @description Words the summary may take (default 200), asked of the model
                 * @default 200
                 */
                maxWords?: number;
            };
            /** @description Tokens of the thread's latest messages the model is given at most (default 4000; estimated at four characters a token) */
            threadWindowTokens?: number;
            /** @description Whether each turn must call a tool: auto (the default), required (some tool), none, or {tool} (that one); a turn that must call one can only end the step by stopWhen */
            toolChoice?: ("auto" | "required" | "none") | {
                tool: string;
            };
            tools?: ({
                description?: string;
                /** @description Tool name shown to the model */
                name?: string;
                /** @description A JSON Schema (draft 2020-12) object */
                parameters?: {
                    [key: string]: unknown;
                };
                /** @description Name of a remote tool registered in the workspace */
                remoteTool: string;
            } | {
                /** @description Name of an MCP server registered in the workspace */
                mcpServer: string;
                /** @description Only these of the server's tools (default: all the registration allows) */
                tools?: string[];
            })[];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "agent";
        };
        AgentTranscript: {
            /** @description The conversation after the prompt: each turn's answer with its tool calls, and their results */
            messages: ({
                content: string;
                /** @enum {string} */
                role: "user";
            } | {
                content: string;
                /** @enum {string} */
                role: "assistant";
                toolCalls?: {
                    arguments: {
                        [key: string]: unknown;
                    };
                    id: string;
                    name: string;
                }[];
            } | {
                content: string;
                /** @enum {string} */
                role: "tool";
                toolCallId: string;
                toolName: string;
            })[];
            stepRunId: string;
            /** @description Model turns committed so far */
            turns: number;
        };
        ApiKeySummary: {
            createdAt: string;
            id: string;
            keyPrefix: string;
            lastUsedAt: string | null;
            name: string;
        };
        ApprovalGroup: {
            createdAt: string;
            members: string[];
            name: string;
            updatedAt: string;
        };
        /**
         * @example {
         *       "id": "apr_01JDZ8W9K1M3N5P7Q9R1S3T5V7",
         *       "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *       "stepRunId": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
         *       "stepName": "check",
         *       "contentKey": "draft",
         *       "content": {
         *         "text": "Hi Ada"
         *       },
         *       "prompt": "Send this?",
         *       "decision": null,
         *       "decidedBy": null,
         *       "decidedAt": null,
         *       "decidedAs": null,
         *       "expiredAt": null,
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "comment": null,
         *       "revision": 1,
         *       "previousRequestId": null,
         *       "assignees": [],
         *       "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
         *       "votes": [],
         *       "escalatedTo": [],
         *       "deadlineAt": null,
         *       "kind": "step",
         *       "auditChain": 2
         *     }
         */
        ApprovalRequest: {
            /** @default [] */
            assignees: string[];
            /**
             * @description The hash chain's version of its audit trail: 1 for requests opened before version 2
             * @default 1
             */
            auditChain: 1 | 2;
            /** @default null */
            comment: string | null;
            content: {
                [key: string]: unknown;
            };
            contentKey: string;
            createdAt: string;
            /** @default null */
            deadlineAt: string | null;
            decidedAs?: components["schemas"]["Identity"];
            decidedAt: string | null;
            decidedBy: string | null;
            /** @enum {string|null} */
            decision: "approved" | "rejected" | "edited" | null;
            /** @default null */
            definitionId: string | null;
            /** @default [] */
            escalatedTo: string[];
            expiredAt: string | null;
            id: string;
            /**
             * @default step
             * @enum {string}
             */
            kind: "step" | "budget";
            /** @default null */
            previousRequestId: string | null;
            prompt: string | null;
            /** @default 1 */
            revision: number;
            stepName: string;
            stepRunId: string;
            /** @default [] */
            votes: components["schemas"]["ApprovalVote"][];
            workflowRunId: string;
        };
        /** @description Pauses the run until a person decides */
        ApprovalStep: {
            /** @description false: the run's startedBy may not decide it */
            allowRequester?: boolean;
            /** @description Who may decide: e-mail addresses or group:<name>; decidedBy must be one of them */
            assignees?: (string)[];
            /** @description State key of the content to review */
            contentKey: string;
            /** @description This long after the request, these people may decide too, and are told */
            escalation?: {
                afterMs: number;
                assignees: (string)[];
            };
            /** @description Unique within the definition */
            name: string;
            /** @description A rejection sends the content back for revision instead of failing the step */
            onReject?: {
                /** @description State key the rejection (comment, decidedBy, decidedAt, revision) is written to */
                feedbackKey: string;
                /** @description An earlier step to continue at */
                gotoStep: string;
                maxRevisions: number;
            };
            /**
             * @description What a timeout decides: fail the step (the default), approve, or reject
             * @enum {string}
             */
            onTimeout?: "fail" | "approve" | "reject";
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            prompt?: string;
            /** @description Decided by votes of distinct people: this many approvals approve, rejections reject */
            quorum?: {
                approvals: number;
                /** @default 1 */
                rejections?: number;
            };
            /** @description Reminders to the assignees who have not voted, this long after the request */
            reminders?: {
                afterMs: number;
            }[];
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /** @description The step fails when nothing arrives within this time */
            timeoutMs?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "approval";
        };
        ApprovalVote: {
            at: string;
            comment: string | null;
            decidedBy: string;
            /** @enum {string} */
            decision: "approved" | "rejected";
            identity?: components["schemas"]["Identity"];
        };
        ApprovalWithDiff: {
            /** @default [] */
            assignees: string[];
            /**
             * @description The hash chain's version of its audit trail: 1 for requests opened before version 2
             * @default 1
             */
            auditChain: 1 | 2;
            /** @default null */
            comment: string | null;
            content: {
                [key: string]: unknown;
            };
            contentKey: string;
            createdAt: string;
            /** @default null */
            deadlineAt: string | null;
            decidedAs?: components["schemas"]["Identity"];
            decidedAt: string | null;
            decidedBy: string | null;
            /** @enum {string|null} */
            decision: "approved" | "rejected" | "edited" | null;
            /** @default null */
            definitionId: string | null;
            /** @description For a revision: what changed since the draft rejected in previousRequestId, as a unified diff */
            diff: string | null;
            /** @default [] */
            escalatedTo: string[];
            expiredAt: string | null;
            id: string;
            /**
             * @default step
             * @enum {string}
             */
            kind: "step" | "budget";
            /** @default null */
            previousRequestId: string | null;
            prompt: string | null;
            /** @default 1 */
            revision: number;
            stepName: string;
            stepRunId: string;
            /** @default [] */
            votes: components["schemas"]["ApprovalVote"][];
            workflowRunId: string;
        };
        AuditEntry: {
            /** @enum {string} */
            action: "requested" | "vote" | "decided" | "expired" | "revision_requested" | "reminder" | "escalated";
            actor: string | null;
            at: string;
            /** @description The rule the chain follows: its request's auditChain (docs/approvals.md) */
            chainVersion: 1 | 2;
            details: {
                [key: string]: unknown;
            };
            /** @description SHA-256 (hex) of [previousHash, seq, at, action, actor, details]: as JSON.stringify writes it in version 1, as RFC 8785 canonical JSON from version 2 */
            hash: string;
            /** @description The entry before's hash; for the first, the chain's head: 64 zeros in version 1, from version 2 SHA-256 of canonical JSON ["weft.audit.v2", workspaceId, requestId, workflowRunId] */
            previousHash: string;
            /** @description The run event it comes from */
            seq: number;
        };
        AuthSettings: {
            /** @enum {string} */
            signupMode: "open" | "invite" | "closed";
        };
        BudgetView: {
            budget: components["schemas"]["WorkspaceBudget"];
            /** @description The calendar month (UTC), YYYY-MM */
            month: string;
            reservedTokens: number;
            /** @description Claimed by calls under way (or lost with a crashed worker) */
            reservedUsd: number;
            spentTokens: number;
            spentUsd: number;
        };
        ConcurrencySetting: {
            /** @description A template over the input (e.g. {{input.customerId}}): runs rendering the same key share the limit. Absent: all the definition's runs */
            key?: string;
            /** @description At most this many runs of one key are started and unfinished at once; the rest wait PENDING */
            limit: number;
        };
        /** @description Branches on a value of the workflow state */
        ConditionStep: {
            /** @description Path into the workflow state */
            expression: string;
            /** @description Step to run otherwise */
            falseStep: string;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /** @description Step to run when the value is truthy */
            trueStep: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "condition";
        };
        CostSummary: {
            byDefinition: {
                calls: number;
                costUsd: number;
                /** @description null: calls recorded before 2026-11-24 */
                definitionId: string | null;
                inputTokens: number;
                outputTokens: number;
                /** @description Paid for answers that were not used: failed attempts, repairs, failed fallbacks */
                wastedCostUsd: number;
            }[];
            byModel: {
                calls: number;
                costUsd: number;
                inputTokens: number;
                model: string;
                outputTokens: number;
            }[];
            byStep: {
                calls: number;
                costUsd: number;
                definitionId: string | null;
                inputTokens: number;
                outputTokens: number;
                stepName: string;
                /** @description Paid for answers that were not used: failed attempts, repairs, failed fallbacks */
                wastedCostUsd: number;
            }[];
            from: string;
            to: string;
            totalCostUsd: number;
            totalInputTokens: number;
            totalOutputTokens: number;
            totalRuns: number;
            /** @description Paid for answers that were not used: failed attempts, repairs, failed fallbacks */
            wastedCostUsd: number;
            workspaceId: string;
        };
        CreateApiKeyInput: {
            name: string;
        };
        CreateCronTriggerInput: {
            /**
             * @default none
             * @enum {string}
             */
            catchUp?: "none" | "latest";
            /**
             * @description Five fields: minute hour day-of-month month day-of-week
             * @example 0 9 * * 1-5
             */
            cron: string;
            definitionId: string;
            /** @default {} */
            input?: {
                [key: string]: unknown;
            };
            /**
             * @default allow
             * @enum {string}
             */
            overlap?: "allow" | "skip" | "supersede";
            /** @default UTC */
            timezone?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cron";
        };
        /**
         * @example {
         *       "id": "key_01JDZ8P2Q4R6S8T0V2W4X6Y8Z0",
         *       "name": "Default key",
         *       "key": "svc_2x9Qm1...shown-once",
         *       "prefix": "svc_2x9Qm1Lk",
         *       "createdAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        CreatedApiKey: {
            createdAt: string;
            id: string;
            key: string;
            name: string;
            prefix: string;
        };
        CreatedInvite: {
            code: string;
            expiresAt: string;
        };
        CreatedRemoteTool: {
            createdAt: string;
            id: string;
            name: string;
            secret: string;
            timeoutMs: number;
            url: string;
        };
        CreatedWebhook: {
            createdAt: string;
            events: ("workflow.completed" | "workflow.failed" | "workflow.cancelled" | "approval.requested" | "approval.decided" | "approval.reminder" | "approval.escalated" | "approval.expired" | "budget.warning" | "agent.turn_completed" | "tool_call.executed")[];
            id: string;
            isActive: boolean;
            /** @description HMAC signing secret (`whsec_…`), shown only in this response */
            secret: string;
            url: string;
            workspaceId: string;
        };
        CreateEventTriggerInput: {
            definitionId: string;
            eventName: string;
            filter?: {
                [key: string]: string | number | boolean | null | {
                    in: (string | number | boolean | null)[];
                };
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "event";
        };
        CreateMcpServerInput: {
            /** @description Only these of the server's tools are shown to models (default: all it lists) */
            allowedTools?: string[];
            /** @description Sent with every request to the server (e.g. Authorization); kept encrypted, never shown again */
            authHeader?: {
                name: string;
                value: string;
            };
            /** @description How steps name the server (`tools: [{mcpServer: name}]`), unique in the workspace */
            name: string;
            /**
             * @description Bound of each request to the server (listing its tools, each call)
             * @default 10000
             */
            timeoutMs?: number;
            /** @description The server's Streamable HTTP endpoint: public HTTPS */
            url: string;
        };
        CreateRemoteToolInput: {
            name: string;
            /** @default 10000 */
            timeoutMs?: number;
            /** @description Public HTTPS endpoint that receives signed calls */
            url: string;
        };
        /**
         * @example {
         *       "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
         *       "input": {
         *         "name": "Ada"
         *       },
         *       "idempotencyKey": "signup-4711"
         *     }
         */
        CreateRunInput: {
            /** @description The run's LLM budget, instead of its definition's */
            budget?: {
                downgradeModel?: string;
                maxCostUsd?: number;
                maxTokens?: number;
                /**
                 * @description When a call's worst case would cross a cap: fail the step (BUDGET_EXCEEDED), pause the run for an approval of more spend, or call downgradeModel instead
                 * @enum {string}
                 */
                onExceed: "stop" | "pause" | "downgrade";
                /** @description Fraction of a cap at which BUDGET_WARNING and budget.warning fire, once (default 0.8) */
                warnAt?: number;
            };
            /** @description The run's key under its definition's concurrency limit, instead of the definition's template */
            concurrencyKey?: string;
            /** @description Collapse creations with the same rendered key into one run (instead of the definition's) */
            debounce?: {
                /** @description A template over the input (`{{input.customerId}}`); creations rendering the same key collapse */
                key: string;
                /** @description The quiet period after the last creation before the run starts */
                periodMs: number;
            };
            definitionId: string;
            idempotencyKey?: string;
            /** @default {} */
            input?: {
                [key: string]: unknown;
            };
            /** @description 0–9, higher first, among runs waiting for the same concurrency slot (default 5) */
            priority?: number;
            /** @description Who started the run (an e-mail address), kept with the credential that said it (startedWith); approval steps with allowRequester: false refuse them. A dashboard session may name only its user */
            startedBy?: string;
            /** @default false */
            supersedeExisting?: boolean;
            /**
             * @description With supersedeExisting: `cancel_running` (default) ends the live runs now; `after_current_step` lets a run executing a step finish it first; `queue_latest` keeps a started run and supersedes only the queued ones, the new run starting when the started one ends
             * @enum {string}
             */
            supersedeMode?: "cancel_running" | "after_current_step" | "queue_latest";
            supersessionKey?: string;
            /** @description The conversation the run's agent steps with thread: true continue (docs/agents.md) */
            threadId?: string;
            /** @description The run's throttle, instead of its definition's */
            throttle?: {
                /** @description A template over the input; runs rendering the same key share the throttle. Absent: all the definition's runs */
                key?: string;
                /** @description Starts allowed in any period */
                limit: number;
                periodMs: number;
            };
        };
        CreateTriggerInput: components["schemas"]["CreateCronTriggerInput"] | components["schemas"]["CreateEventTriggerInput"];
        CreateWebhookInput: {
            events: ("workflow.completed" | "workflow.failed" | "workflow.cancelled" | "approval.requested" | "approval.decided" | "approval.reminder" | "approval.escalated" | "approval.expired" | "budget.warning" | "agent.turn_completed" | "tool_call.executed")[];
            /** @description HTTPS URL of the receiver (http only when the server allows private URLs) */
            url: string;
        };
        /**
         * @description Body of POST /v1/workflow-definitions
         * @example {
         *       "name": "welcome",
         *       "version": "1",
         *       "description": "Draft, then review",
         *       "steps": [
         *         {
         *           "type": "task",
         *           "name": "draft",
         *           "handler": "set_state",
         *           "config": {
         *             "values": {
         *               "draft": {
         *                 "text": "Hi {{input.name}}"
         *               }
         *             }
         *           }
         *         },
         *         {
         *           "type": "approval",
         *           "name": "check",
         *           "contentKey": "draft",
         *           "prompt": "Send this?"
         *         }
         *       ]
         *     }
         */
        CreateWorkflowDefinitionInput: {
            /** @description The LLM budget of its runs, unless a creation sets one */
            budget?: {
                downgradeModel?: string;
                maxCostUsd?: number;
                maxTokens?: number;
                /**
                 * @description When a call's worst case would cross a cap: fail the step (BUDGET_EXCEEDED), pause the run for an approval of more spend, or call downgradeModel instead
                 * @enum {string}
                 */
                onExceed: "stop" | "pause" | "downgrade";
                /** @description Fraction of a cap at which BUDGET_WARNING and budget.warning fire, once (default 0.8) */
                warnAt?: number;
            };
            concurrency?: components["schemas"]["ConcurrencySetting"];
            /** @description Debounce of its runs' creations (docs/triggers.md), unless a creation sets its own */
            debounce?: {
                /** @description A template over the input (`{{input.customerId}}`); creations rendering the same key collapse */
                key: string;
                /** @description The quiet period after the last creation before the run starts */
                periodMs: number;
            };
            description?: string;
            name: string;
            /** @description Run in order unless a condition jumps */
            steps: components["schemas"]["StepDefinition"][];
            throttle?: components["schemas"]["ThrottleSetting"];
            /** @description Free-form; definitions are immutable */
            version: string;
        };
        CreateWorkspaceInput: {
            name: string;
            slug: string;
        };
        CronTrigger: {
            /**
             * @default none
             * @enum {string}
             */
            catchUp: "none" | "latest";
            createdAt: string;
            /**
             * @description Five fields: minute hour day-of-month month day-of-week
             * @example 0 9 * * 1-5
             */
            cron: string;
            definitionId: string;
            id: string;
            /** @default {} */
            input: {
                [key: string]: unknown;
            };
            lastFireAt: string | null;
            lastRunId: string | null;
            /** @description Why the latest fire handled started no run (`overlap: skip`, a quota); null when it started one */
            lastSkipReason: string | null;
            nextFireAt: string | null;
            /**
             * @default allow
             * @enum {string}
             */
            overlap: "allow" | "skip" | "supersede";
            /** @enum {string} */
            status: "active" | "paused";
            /** @default UTC */
            timezone: string;
            /** @enum {string} */
            type: "cron";
            updatedAt: string;
            workspaceId: string;
        };
        DailyCost: {
            days: {
                byModel: {
                    calls: number;
                    costUsd: number;
                    inputTokens: number;
                    model: string;
                    outputTokens: number;
                }[];
                /** @description The UTC day, YYYY-MM-DD */
                date: string;
                totalCostUsd: number;
            }[];
            from: string;
            to: string;
        };
        DebounceSettings: {
            /** @description A template over the input (`{{input.customerId}}`); creations rendering the same key collapse */
            key: string;
            /** @description The quiet period after the last creation before the run starts */
            periodMs: number;
        };
        /**
         * @example {
         *       "decision": "edited",
         *       "editedContent": {
         *         "text": "Hello Ada, welcome aboard"
         *       },
         *       "comment": "Warmer greeting"
         *     }
         */
        DecideApprovalInput: {
            /** @description Kept with the decision; on a rejection sent back for revision, given to the run */
            comment?: string;
            decidedBy?: string;
            /** @enum {string} */
            decision: "approved" | "rejected" | "edited";
            editedContent?: {
                [key: string]: unknown;
            };
        };
        DecidedApproval: {
            createdAt: string;
            decidedAt: string | null;
            decidedBy: string | null;
            /** @enum {string|null} */
            decision: "approved" | "rejected" | "edited" | null;
            id: string;
            stepName: string;
            stepRunId: string;
            workflowRunId: string;
        };
        ErrorEnvelope: {
            error: {
                /** @description One of the codes of the error table */
                code: string;
                details?: {
                    [key: string]: unknown;
                };
                message: string;
            };
            /** @enum {boolean} */
            success: false;
        };
        EstimateInput: {
            budget?: components["schemas"]["RunBudget"];
            definitionId: string;
            /** @default {} */
            input?: {
                [key: string]: unknown;
            };
        };
        EventTrigger: {
            createdAt: string;
            definitionId: string;
            eventName: string;
            filter?: {
                [key: string]: string | number | boolean | null | {
                    in: (string | number | boolean | null)[];
                };
            };
            id: string;
            lastFireAt: string | null;
            lastRunId: string | null;
            /** @description Why the latest fire handled started no run (`overlap: skip`, a quota); null when it started one */
            lastSkipReason: string | null;
            /** @enum {string} */
            status: "active" | "paused";
            /** @enum {string} */
            type: "event";
            updatedAt: string;
            workspaceId: string;
        };
        /** @description Pauses the run until a signal of signalType (or any or all of signalTypes) is sent */
        ExternalEventStep: {
            /**
             * @description With signalTypes: go on at the first of them (any, the default) or once all arrived (all)
             * @enum {string}
             */
            mode?: "any" | "all";
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            signalType?: string;
            /** @description Several signal types: the output holds each payload under its type */
            signalTypes?: string[];
            /** @description The step fails when nothing arrives within this time */
            timeoutMs?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "external_event";
        };
        /**
         * @description Verified by the service: session (the signed-in account), api-key (the key's id and name), link (the assignee a signed link was issued to, and issuedBy: who it was handed to pass on, mail, webhook, api-key:<id> or session:<address>)
         * @default null
         */
        Identity: {
            email: string;
            id: string;
            /** @enum {string} */
            kind: "session";
        } | {
            id: string;
            /** @enum {string} */
            kind: "api-key";
            name: string;
        } | {
            email: string;
            issuedBy?: string;
            /** @enum {string} */
            kind: "link";
        } | null;
        IssueLinksBody: {
            /**
             * Format: email
             * @description Whose links; without it, one set for every assignee of the request (groups by their members)
             */
            assignee?: string;
            /** @description How long the links work; default 604800000 (7 days) */
            expiresInMs?: number;
        };
        /** @description Calls a language model; needs messages or systemPrompt */
        LlmStep: {
            /** @description Answer an identical request (provider, model, rendered prompt, tools, temperature, maxTokens, output format) in the workspace from the last answer that passed the step's checks, within ttlMs */
            cache?: {
                ttlMs: number;
            };
            /** @description Tried in order after model */
            fallbackModels?: string[];
            /** @description The error classes that move to the next model (default rate_limit, server_error, overloaded, timeout, connection); a context_length error not listed still moves to a listed model with a larger window */
            fallbackOn?: ("rate_limit" | "server_error" | "overloaded" | "timeout" | "connection" | "context_length" | "content_filter" | "auth" | "bad_request")[];
            guardrails?: ({
                maxChars: number;
                /** @enum {string} */
                type: "max_length";
            } | {
                /** @enum {string} */
                mode: "must_match" | "must_not_match";
                /** @description ECMAScript syntax, matched by RE2 in linear time: no backreferences or lookaround; at most 1000 characters and 1000 elements with {n,m} repetitions unrolled */
                pattern: string;
                /** @enum {string} */
                type: "regex";
            } | {
                /** @enum {string} */
                type: "blocklist";
                /** @description Matched case-insensitively */
                words: string[];
            } | {
                /** @description A JSON Schema (draft 2020-12) object */
                schema: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                type: "json_schema";
            })[];
            maxTokens?: number;
            /** @default 5 */
            maxToolRounds?: number;
            messages?: {
                /** @description May contain {{name}}, {{input.name}} or {{state.path}} placeholders */
                content: string;
                /** @enum {string} */
                role: "system" | "user" | "assistant";
            }[];
            /** @description Model name; its prefix picks the provider */
            model: string;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description JSON Schema the parsed output must satisfy */
            outputSchema?: {
                [key: string]: unknown;
            };
            /** @description How many times an answer that is not valid JSON or breaks outputSchema goes back to the same model with the error (default 1) */
            repairAttempts?: number;
            /**
             * @description Parse the response as JSON
             * @enum {string}
             */
            responseFormat?: "json";
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /** @description Forward the answer's text as it is written, as LLM_TOKEN messages on the run's live stream (not stored; locally only, docs/api.md "Live stream") */
            stream?: boolean;
            systemPrompt?: string;
            temperature?: number;
            tools?: ({
                description?: string;
                /** @description Tool name shown to the model */
                name?: string;
                /** @description A JSON Schema (draft 2020-12) object */
                parameters?: {
                    [key: string]: unknown;
                };
                /** @description Name of a remote tool registered in the workspace */
                remoteTool: string;
            } | {
                /** @description Name of an MCP server registered in the workspace */
                mcpServer: string;
                /** @description Only these of the server's tools (default: all the registration allows) */
                tools?: string[];
            })[];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "llm";
        };
        LoginInput: {
            /** Format: email */
            email: string;
            password: string;
        };
        LoginResult: {
            token: string;
            user: components["schemas"]["User"];
            workspaces: components["schemas"]["Workspace"][];
        };
        /** @description Runs its steps once per item (state.item), each a child run; output in item order */
        MapStep: {
            /**
             * @description How many items may fail before the step fails
             * @default 0
             */
            failureTolerance?: number;
            /** @description Path into the state of the array to map over (input.items, list) */
            itemsKey: string;
            /** @default 10 */
            maxConcurrency?: number;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /** @description Steps, as in a definition; names unique across the whole definition */
            steps: components["schemas"]["StepDefinition"][];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "map";
        };
        McpServerSummary: {
            allowedTools: string[] | null;
            authHeaderName: string | null;
            createdAt: string;
            id: string;
            name: string;
            timeoutMs: number;
            url: string;
        };
        MigrateRunsInput: {
            dryRun: boolean;
            /**
             * @description The page of the definition's runs, newest first
             * @default 1
             */
            page?: number;
            /** @description Which live runs to move; all live statuses when absent */
            statuses?: ("PENDING" | "RUNNING" | "WAITING" | "PAUSED")[];
            toDefinitionId: string;
        };
        MigrationReport: {
            hasMore: boolean;
            page: number;
            pageSize: number;
            results: {
                error?: string;
                fromDefinitionId: string;
                incompatibilities: components["schemas"]["UpgradeIncompatibility"][];
                outcome: ("landed" | "pending" | "unchanged" | "compatible" | "incompatible") | "refused";
                runId: string;
                /** @enum {string} */
                status: "PENDING" | "RUNNING" | "WAITING" | "PAUSED" | "COMPLETED" | "FAILED" | "CANCELLED" | "SUPERSEDED";
            }[];
            /** @description Runs created on the definition, of every status */
            total: number;
        };
        PageMeta: {
            page: number;
            pageSize: number;
            total: number;
            totalPages: number;
        };
        /** @description Runs its branches at once, each a child run; output {<branch>: <branch output>} */
        ParallelStep: {
            branches: {
                name: string;
                /** @description Steps, as in a definition; names unique across the whole definition */
                steps: components["schemas"]["StepDefinition"][];
            }[];
            /**
             * @description all: go on when every branch completed; any: with the first, the others cancelled
             * @default all
             * @enum {string}
             */
            join?: "all" | "any";
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "parallel";
        };
        PatchPrioritiesInput: {
            providers: {
                priority: number;
                provider: string;
            }[];
        };
        PersonLinks: {
            /** @description Opens a page with an Approve button */
            approve: string;
            assignee: string;
            expiresAt: string;
            /** @description Opens a page to reject with a comment */
            reject: string;
            /** @description Opens a page to review, edit, approve or reject */
            review: string;
        };
        ProviderSummary: {
            createdAt: string;
            id: string;
            isEnabled: boolean;
            priority: number;
            /** @enum {string} */
            provider: "openai" | "anthropic" | "google";
            updatedAt: string;
        };
        PutApprovalGroupInput: {
            members: string[];
        };
        PutProviderInput: {
            /** @description Write-only; encrypted at rest, never returned */
            apiKey: string;
            /** @default true */
            isEnabled?: boolean;
            /**
             * @description Fallback order, ascending
             * @default 0
             */
            priority?: number;
            /** @enum {string} */
            provider: "openai" | "anthropic" | "google";
        };
        RemoteToolSummary: {
            createdAt: string;
            id: string;
            name: string;
            timeoutMs: number;
            url: string;
        };
        /** @description Overrides of the recorded call; an empty body replays it as it was */
        ReplayInput: {
            maxTokens?: number;
            /** @description Placeholders are filled from the run's input and its state now */
            messages?: {
                /** @description May contain {{name}}, {{input.name}} or {{state.path}} placeholders */
                content: string;
                /** @enum {string} */
                role: "system" | "user" | "assistant";
            }[];
            model?: string;
            systemPrompt?: string;
            temperature?: number;
        };
        RerunInput: {
            /** @description Another version of the same workflow to run on; the source's when absent */
            definitionId?: string;
            /** @description The step the new run starts at */
            fromStep: string;
            idempotencyKey?: string;
            /** @description The new run's input; the source's when absent */
            input?: {
                [key: string]: unknown;
            };
            /** @description Top-level state keys set over the state the copied steps left */
            statePatch?: {
                [key: string]: unknown;
            };
        };
        ResumeInput: {
            /** @default {} */
            payload?: {
                [key: string]: unknown;
            };
            signalType: string;
        };
        /** @description An LLM budget for a run; at least one of maxCostUsd and maxTokens */
        RunBudget: {
            downgradeModel?: string;
            maxCostUsd?: number;
            maxTokens?: number;
            /**
             * @description When a call's worst case would cross a cap: fail the step (BUDGET_EXCEEDED), pause the run for an approval of more spend, or call downgradeModel instead
             * @enum {string}
             */
            onExceed: "stop" | "pause" | "downgrade";
            /** @description Fraction of a cap at which BUDGET_WARNING and budget.warning fire, once (default 0.8) */
            warnAt?: number;
        };
        RunCost: {
            /** @description With ?breakdown=true: cost per step, retries and fallbacks included */
            byStep?: {
                calls: number;
                costUsd: number;
                inputTokens: number;
                outputTokens: number;
                stepName: string;
                /** @description Paid for answers that were not used: failed attempts, repairs, failed fallbacks */
                wastedCostUsd: number;
            }[];
            calls: {
                costUsd: number;
                createdAt: string;
                inputTokens: number;
                model: string;
                outputTokens: number;
                stepName: string;
                /** @description A call of one of the run's child runs (docs/flow.md): that run */
                workflowRunId?: string;
            }[];
            totalCostUsd: number;
            totalInputTokens: number;
            totalOutputTokens: number;
            /** @description With ?breakdown=true */
            wastedCostUsd?: number;
            workflowRunId: string;
        };
        RunEstimate: {
            budget: {
                run: {
                    maxCostUsd: number | null;
                    maxTokens: number | null;
                    /** @enum {string} */
                    verdict: "within" | "may-exceed" | "exceeds";
                } | null;
                workspace: {
                    remainingTokens: number | null;
                    remainingUsd: number | null;
                    /** @enum {string} */
                    verdict: "within" | "may-exceed" | "exceeds";
                } | null;
            };
            definitionId: string;
            problems: {
                field: string;
                message: string;
                stepName: string;
            }[];
            steps: {
                costUsd: {
                    max: number;
                    min: number;
                };
                inputTokens: {
                    max: number;
                    min: number;
                };
                maxCalls: number;
                model: string;
                outputTokens: {
                    max: number;
                    min: number;
                };
                priced: boolean;
                provider: string | null;
                stepName: string;
            }[];
            total: {
                costUsd: {
                    max: number;
                    min: number;
                };
                inputTokens: {
                    max: number;
                    min: number;
                };
                outputTokens: {
                    max: number;
                    min: number;
                };
            };
            /** @description False when a run would fail for a reason found here */
            valid: boolean;
        };
        SendEventInput: {
            /** @description Makes sending idempotent: an id seen in the last 24 hours starts no run */
            id?: string;
            name: string;
            /** @default {} */
            payload?: {
                [key: string]: unknown;
            };
        };
        SentEvent: {
            id: string;
            name: string;
            runs: components["schemas"]["WorkflowRun"][];
        };
        SignalInput: {
            /** @description Makes sending idempotent: a signal with an id the run has seen is applied once */
            id?: string;
            /** @default {} */
            payload?: {
                [key: string]: unknown;
            };
            signalType: string;
        };
        SignupInput: {
            /** Format: email */
            email: string;
            inviteCode?: string;
            password: string;
            workspaceName: string;
            workspaceSlug?: string;
        };
        SignupResult: {
            apiKey: components["schemas"]["CreatedApiKey"];
            token: string;
            user: components["schemas"]["User"];
            workspace: components["schemas"]["Workspace"];
        };
        /** @description Shown with startedBy: the credential that created the run and said it */
        StartedWith: {
            email: string;
            id: string;
            /** @enum {string} */
            kind: "session";
        } | {
            id: string;
            /** @enum {string} */
            kind: "api-key";
        };
        /** @description One step of a workflow definition, chosen by type */
        StepDefinition: components["schemas"]["TaskStep"] | components["schemas"]["WaitStep"] | components["schemas"]["ConditionStep"] | components["schemas"]["ExternalEventStep"] | components["schemas"]["LlmStep"] | components["schemas"]["ApprovalStep"] | components["schemas"]["ParallelStep"] | components["schemas"]["MapStep"] | components["schemas"]["SubWorkflowStep"] | components["schemas"]["AgentStep"];
        StepReplay: {
            answer: {
                costUsd: number;
                inputTokens: number;
                model: string;
                outputTokens: number;
            } | null;
            createdAt: string;
            diff: {
                /** @enum {string} */
                format: "text" | "json";
                patch: string | null;
            } | null;
            error: string | null;
            id: string;
            json: {
                [key: string]: unknown;
            } | null;
            original: {
                costUsd: number;
                inputTokens: number;
                model: string;
                outputTokens: number;
                text: string | null;
            };
            overrides: components["schemas"]["ReplayInput"];
            passedChecks: boolean;
            stepName: string;
            stepRunId: string;
            text: string | null;
            workflowRunId: string;
        };
        /**
         * @example {
         *       "id": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
         *       "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *       "stepName": "draft",
         *       "stepType": "task",
         *       "status": "COMPLETED",
         *       "attempt": 1,
         *       "input": {
         *         "input": {
         *           "name": "Ada"
         *         }
         *       },
         *       "output": {
         *         "draft": {
         *           "text": "Hi Ada"
         *         }
         *       },
         *       "error": null,
         *       "startedAt": "2026-11-26T09:30:00.000Z",
         *       "completedAt": "2026-11-26T09:30:00.000Z",
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "updatedAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        StepRun: {
            attempt: number;
            completedAt: string | null;
            /** @description A rerun's copy of this step run of the run it reruns: completed there, not executed again */
            copiedFrom?: string;
            createdAt: string;
            error: string | null;
            id: string;
            input: {
                [key: string]: unknown;
            } | null;
            output: {
                [key: string]: unknown;
            } | null;
            startedAt: string | null;
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "WAITING" | "COMPLETED" | "FAILED" | "SKIPPED" | "CANCELLED";
            stepName: string;
            stepType: string;
            updatedAt: string;
            workflowRunId: string;
        };
        /** @description Runs another definition as a child run and waits for it; output: its output */
        SubWorkflowStep: {
            /** @description The definition to run; or definitionName (with definitionVersion) */
            definitionId?: string;
            /** @description The workflow to run by name: its definitionVersion, or without one its newest definition when the step starts */
            definitionName?: string;
            /** @description With definitionName: the version to run */
            definitionVersion?: string;
            /**
             * @description The child run's input; string values are templates over the state
             * @default {}
             */
            input?: {
                [key: string]: unknown;
            };
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sub_workflow";
        };
        /** @description Runs a registered handler */
        TaskStep: {
            /**
             * @description Handler configuration
             * @default {}
             */
            config?: {
                [key: string]: unknown;
            };
            /** @description Name of a registered task handler */
            handler: string;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "task";
        };
        ThreadMessage: {
            content: string;
            createdAt: string;
            /** @enum {string} */
            role: "user" | "assistant";
            runId: string;
            /** @description Its place in the thread, from 1 */
            seq: number;
            stepName: string;
        };
        ThrottleSetting: {
            /** @description A template over the input; runs rendering the same key share the throttle. Absent: all the definition's runs */
            key?: string;
            /** @description Starts allowed in any period */
            limit: number;
            periodMs: number;
        };
        Trigger: components["schemas"]["CronTrigger"] | components["schemas"]["EventTrigger"];
        UpdateTriggerInput: {
            /** @enum {string} */
            status: "active" | "paused";
        };
        UpgradeIncompatibility: {
            from?: string;
            key?: string;
            /** @enum {string} */
            kind: "current_step_missing" | "next_step_missing" | "step_type_changed" | "state_key_unwritten";
            message: string;
            stepName: string;
            to?: string;
        };
        UpgradeInput: {
            /** @description A step of the new version where the run continues once its current step ends (at once between steps), whatever that step would choose; the check then no longer reports where the run would have gone (current_step_missing, next_step_missing) */
            continueAt?: string;
            definitionId: string;
            /**
             * @description Check only; 200 with the verdict
             * @default false
             */
            dryRun?: boolean;
        };
        UpgradeReport: {
            fromDefinitionId: string;
            incompatibilities: components["schemas"]["UpgradeIncompatibility"][];
            /**
             * @description landed: follows the new version now; pending: will when its active step ends; unchanged: already does; compatible / incompatible: a dry run's verdict
             * @enum {string}
             */
            outcome: "landed" | "pending" | "unchanged" | "compatible" | "incompatible";
            runId: string;
            toDefinitionId: string;
        };
        User: {
            createdAt: string;
            email: string;
            id: string;
        };
        /** @description Pauses the run for durationMs or until untilTimestamp */
        WaitStep: {
            durationMs?: number;
            /** @description Unique within the definition */
            name: string;
            /** @description State key for the step's output; defaults to name */
            outputKey?: string;
            /** @description Retry policy of a step; omitted fields take their defaults */
            retry?: {
                /**
                 * @description Delay before the 2nd attempt
                 * @default 1000
                 */
                backoffMs?: number;
                /**
                 * @description Factor applied to the delay after each failed attempt
                 * @default 2
                 */
                backoffMultiplier?: number;
                /**
                 * @description Total attempts including the first; 1 means no retry
                 * @default 1
                 */
                maxAttempts?: number;
                /**
                 * @description Upper bound of any single delay
                 * @default 300000
                 */
                maxBackoffMs?: number;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wait";
            /**
             * Format: date-time
             * @description ISO 8601 with offset
             */
            untilTimestamp?: string;
        };
        Webhook: {
            createdAt: string;
            events: ("workflow.completed" | "workflow.failed" | "workflow.cancelled" | "approval.requested" | "approval.decided" | "approval.reminder" | "approval.escalated" | "approval.expired" | "budget.warning" | "agent.turn_completed" | "tool_call.executed")[];
            id: string;
            isActive: boolean;
            url: string;
            workspaceId: string;
        };
        WebhookDelivery: {
            attemptLog: {
                at: string;
                attempt: number;
                durationMs: number;
                error: string | null;
                statusCode: number | null;
            }[];
            attempts: number;
            createdAt: string;
            deliveredAt: string | null;
            /** @enum {string} */
            event: "workflow.completed" | "workflow.failed" | "workflow.cancelled" | "approval.requested" | "approval.decided" | "approval.reminder" | "approval.escalated" | "approval.expired" | "budget.warning" | "agent.turn_completed" | "tool_call.executed";
            failedAt: string | null;
            id: string;
            lastError: string | null;
            lastStatusCode: number | null;
            nextAttemptAt: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed" | "cancelled";
            updatedAt: string;
            webhookId: string;
            workflowRunId: string;
        };
        /**
         * @example {
         *       "id": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
         *       "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
         *       "name": "welcome",
         *       "version": "1",
         *       "description": "Draft, then review",
         *       "stepsJson": [
         *         {
         *           "type": "task",
         *           "name": "draft",
         *           "handler": "set_state",
         *           "config": {
         *             "values": {
         *               "draft": {
         *                 "text": "Hi {{input.name}}"
         *               }
         *             }
         *           }
         *         },
         *         {
         *           "type": "approval",
         *           "name": "check",
         *           "contentKey": "draft",
         *           "prompt": "Send this?"
         *         }
         *       ],
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "updatedAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        WorkflowDefinition: {
            budget?: components["schemas"]["RunBudget"];
            concurrency?: components["schemas"]["ConcurrencySetting"];
            createdAt: string;
            debounce?: components["schemas"]["DebounceSettings"];
            description: string | null;
            id: string;
            name: string;
            stepsJson: {
                [key: string]: unknown;
            }[];
            throttle?: components["schemas"]["ThrottleSetting"];
            updatedAt: string;
            version: string;
            workspaceId: string;
        };
        /**
         * @example {
         *       "id": "evt_01JDZ8X1C3D5E7F9G1H3J5K7M9",
         *       "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *       "stepRunId": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
         *       "eventType": "STEP_COMPLETED",
         *       "payload": {
         *         "stepName": "draft"
         *       },
         *       "createdAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        WorkflowEvent: {
            createdAt: string;
            /** @enum {string} */
            eventType: "WORKFLOW_STARTED" | "WORKFLOW_COMPLETED" | "WORKFLOW_FAILED" | "WORKFLOW_CANCELLED" | "WORKFLOW_SUPERSEDED" | "WORKFLOW_UPGRADED" | "STEP_STARTED" | "STEP_COMPLETED" | "STEP_FAILED" | "STEP_RETRYING" | "STEP_COPIED" | "APPROVAL_REQUESTED" | "APPROVAL_DECIDED" | "APPROVAL_REVISION_REQUESTED" | "APPROVAL_EXPIRED" | "APPROVAL_VOTE_RECORDED" | "APPROVAL_REMINDER_SENT" | "APPROVAL_ESCALATED" | "SIGNAL_RECEIVED" | "SIGNAL_BUFFERED" | "LLM_CALL_STARTED" | "LLM_CALL_COMPLETED" | "LLM_CALL_FAILED" | "LLM_FALLBACK_TRIGGERED" | "LLM_OUTPUT_REPAIR_REQUESTED" | "BUDGET_WARNING" | "BUDGET_EXCEEDED" | "GUARDRAIL_TRIGGERED" | "TOOL_CALL_EXECUTED" | "AGENT_TURN_COMPLETED" | "CHILD_RUN_STARTED" | "CHILD_RUN_ENDED";
            id: string;
            payload: {
                [key: string]: unknown;
            };
            stepRunId: string | null;
            workflowRunId: string;
        };
        /**
         * @example {
         *       "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *       "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
         *       "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
         *       "status": "PAUSED",
         *       "input": {
         *         "name": "Ada"
         *       },
         *       "output": null,
         *       "idempotencyKey": "signup-4711",
         *       "supersessionKey": null,
         *       "currentStepName": "check",
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "updatedAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        WorkflowRun: {
            /** @description The key of the concurrency limit the run is under, as given or rendered */
            concurrencyKey?: string;
            createdAt: string;
            currentStepName: string | null;
            /** @description A debounced run's window, until it starts */
            debounce?: {
                /** @description Creations collapsed into this run, its own included */
                creations: number;
                key: string;
                periodMs: number;
                /** @description When the run starts unless another creation joins first */
                startsAt: string;
            };
            definitionId: string;
            id: string;
            idempotencyKey: string | null;
            input: {
                [key: string]: unknown;
            };
            /** @description The definition the run was created on, once an upgrade moved it to definitionId */
            originalDefinitionId?: string;
            output: {
                [key: string]: unknown;
            } | null;
            /** @description A child run (sub_workflow, parallel branch, map item): the run that started it */
            parentRunId?: string;
            /** @description Superseded with `after_current_step`: the run ends SUPERSEDED when its current step ends */
            pendingSupersession?: {
                supersededBy: string;
            };
            /** @description An upgrade that lands when the active step ends */
            pendingUpgrade?: {
                /** @description The step the run continues at, when the upgrade said (continueAt) */
                continueAt?: string;
                definitionId: string;
            };
            /** @description As the creation gave it (absent: 5) */
            priority?: number;
            /** @description The run this one reruns (POST .../rerun) */
            rerunOf?: string;
            startedBy?: string;
            startedWith?: components["schemas"]["StartedWith"];
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "WAITING" | "PAUSED" | "COMPLETED" | "FAILED" | "CANCELLED" | "SUPERSEDED";
            supersessionKey: string | null;
            /** @description The thread the run continues, as its creation named it */
            threadId?: string;
            updatedAt: string;
            /**
             * @description Why a PENDING run has not started yet: `debounce`, its debounce window is open; `concurrency`, its concurrency limit is reached; `throttle`, its throttle's period is full; `supersession`, created with `supersedeMode: queue_latest`, it waits for the running run of its supersession key to end
             * @enum {string}
             */
            waitingFor?: "debounce" | "concurrency" | "throttle" | "supersession";
            workspaceId: string;
        };
        /**
         * @example {
         *       "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *       "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
         *       "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
         *       "status": "PAUSED",
         *       "input": {
         *         "name": "Ada"
         *       },
         *       "output": null,
         *       "idempotencyKey": "signup-4711",
         *       "supersessionKey": null,
         *       "currentStepName": "check",
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "updatedAt": "2026-11-26T09:30:00.000Z",
         *       "steps": [
         *         {
         *           "id": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
         *           "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
         *           "stepName": "draft",
         *           "stepType": "task",
         *           "status": "COMPLETED",
         *           "attempt": 1,
         *           "input": {
         *             "input": {
         *               "name": "Ada"
         *             }
         *           },
         *           "output": {
         *             "draft": {
         *               "text": "Hi Ada"
         *             }
         *           },
         *           "error": null,
         *           "startedAt": "2026-11-26T09:30:00.000Z",
         *           "completedAt": "2026-11-26T09:30:00.000Z",
         *           "createdAt": "2026-11-26T09:30:00.000Z",
         *           "updatedAt": "2026-11-26T09:30:00.000Z"
         *         }
         *       ]
         *     }
         */
        WorkflowRunWithSteps: {
            /** @description The key of the concurrency limit the run is under, as given or rendered */
            concurrencyKey?: string;
            createdAt: string;
            currentStepName: string | null;
            /** @description A debounced run's window, until it starts */
            debounce?: {
                /** @description Creations collapsed into this run, its own included */
                creations: number;
                key: string;
                periodMs: number;
                /** @description When the run starts unless another creation joins first */
                startsAt: string;
            };
            definitionId: string;
            id: string;
            idempotencyKey: string | null;
            input: {
                [key: string]: unknown;
            };
            /** @description The definition the run was created on, once an upgrade moved it to definitionId */
            originalDefinitionId?: string;
            output: {
                [key: string]: unknown;
            } | null;
            /** @description A child run (sub_workflow, parallel branch, map item): the run that started it */
            parentRunId?: string;
            /** @description Superseded with `after_current_step`: the run ends SUPERSEDED when its current step ends */
            pendingSupersession?: {
                supersededBy: string;
            };
            /** @description An upgrade that lands when the active step ends */
            pendingUpgrade?: {
                /** @description The step the run continues at, when the upgrade said (continueAt) */
                continueAt?: string;
                definitionId: string;
            };
            /** @description As the creation gave it (absent: 5) */
            priority?: number;
            /** @description The run this one reruns (POST .../rerun) */
            rerunOf?: string;
            startedBy?: string;
            startedWith?: components["schemas"]["StartedWith"];
            /** @enum {string} */
            status: "PENDING" | "RUNNING" | "WAITING" | "PAUSED" | "COMPLETED" | "FAILED" | "CANCELLED" | "SUPERSEDED";
            steps: components["schemas"]["StepRun"][];
            supersessionKey: string | null;
            /** @description The thread the run continues, as its creation named it */
            threadId?: string;
            updatedAt: string;
            /**
             * @description Why a PENDING run has not started yet: `debounce`, its debounce window is open; `concurrency`, its concurrency limit is reached; `throttle`, its throttle's period is full; `supersession`, created with `supersedeMode: queue_latest`, it waits for the running run of its supersession key to end
             * @enum {string}
             */
            waitingFor?: "debounce" | "concurrency" | "throttle" | "supersession";
            workspaceId: string;
        };
        /**
         * @example {
         *       "id": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
         *       "name": "Acme",
         *       "slug": "acme",
         *       "createdAt": "2026-11-26T09:30:00.000Z",
         *       "updatedAt": "2026-11-26T09:30:00.000Z"
         *     }
         */
        Workspace: {
            createdAt: string;
            id: string;
            name: string;
            slug: string;
            updatedAt: string;
        };
        /** @description Body of PUT /v1/budgets: the workspace's monthly LLM caps */
        WorkspaceBudget: {
            maxCostUsd?: number;
            maxTokens?: number;
            /** @description Fraction of a cap at which budget.warning fires, once a month (default 0.8) */
            warnAt?: number;
        } | null;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type AgentStep = components['schemas']['AgentStep'];
export type AgentTranscript = components['schemas']['AgentTranscript'];
export type ApiKeySummary = components['schemas']['ApiKeySummary'];
export type ApprovalGroup = components['schemas']['ApprovalGroup'];
export type ApprovalRequest = components['schemas']['ApprovalRequest'];
export type ApprovalStep = components['schemas']['ApprovalStep'];
export type ApprovalVote = components['schemas']['ApprovalVote'];
export type ApprovalWithDiff = components['schemas']['ApprovalWithDiff'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuthSettings = components['schemas']['AuthSettings'];
export type BudgetView = components['schemas']['BudgetView'];
export type ConcurrencySetting = components['schemas']['ConcurrencySetting'];
export type ConditionStep = components['schemas']['ConditionStep'];
export type CostSummary = components['schemas']['CostSummary'];
export type CreateApiKeyInput = components['schemas']['CreateApiKeyInput'];
export type CreateCronTriggerInput = components['schemas']['CreateCronTriggerInput'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type CreatedInvite = components['schemas']['CreatedInvite'];
export type CreatedRemoteTool = components['schemas']['CreatedRemoteTool'];
export type CreatedWebhook = components['schemas']['CreatedWebhook'];
export type CreateEventTriggerInput = components['schemas']['CreateEventTriggerInput'];
export type CreateMcpServerInput = components['schemas']['CreateMcpServerInput'];
export type CreateRemoteToolInput = components['schemas']['CreateRemoteToolInput'];
export type CreateRunInput = components['schemas']['CreateRunInput'];
export type CreateTriggerInput = components['schemas']['CreateTriggerInput'];
export type CreateWebhookInput = components['schemas']['CreateWebhookInput'];
export type CreateWorkflowDefinitionInput = components['schemas']['CreateWorkflowDefinitionInput'];
export type CreateWorkspaceInput = components['schemas']['CreateWorkspaceInput'];
export type CronTrigger = components['schemas']['CronTrigger'];
export type DailyCost = components['schemas']['DailyCost'];
export type DebounceSettings = components['schemas']['DebounceSettings'];
export type DecideApprovalInput = components['schemas']['DecideApprovalInput'];
export type DecidedApproval = components['schemas']['DecidedApproval'];
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type EstimateInput = components['schemas']['EstimateInput'];
export type EventTrigger = components['schemas']['EventTrigger'];
export type ExternalEventStep = components['schemas']['ExternalEventStep'];
export type Identity = components['schemas']['Identity'];
export type IssueLinksBody = components['schemas']['IssueLinksBody'];
export type LlmStep = components['schemas']['LlmStep'];
export type LoginInput = components['schemas']['LoginInput'];
export type LoginResult = components['schemas']['LoginResult'];
export type MapStep = components['schemas']['MapStep'];
export type McpServerSummary = components['schemas']['McpServerSummary'];
export type MigrateRunsInput = components['schemas']['MigrateRunsInput'];
export type MigrationReport = components['schemas']['MigrationReport'];
export type PageMeta = components['schemas']['PageMeta'];
export type ParallelStep = components['schemas']['ParallelStep'];
export type PatchPrioritiesInput = components['schemas']['PatchPrioritiesInput'];
export type PersonLinks = components['schemas']['PersonLinks'];
export type ProviderSummary = components['schemas']['ProviderSummary'];
export type PutApprovalGroupInput = components['schemas']['PutApprovalGroupInput'];
export type PutProviderInput = components['schemas']['PutProviderInput'];
export type RemoteToolSummary = components['schemas']['RemoteToolSummary'];
export type ReplayInput = components['schemas']['ReplayInput'];
export type RerunInput = components['schemas']['RerunInput'];
export type ResumeInput = components['schemas']['ResumeInput'];
export type RunBudget = components['schemas']['RunBudget'];
export type RunCost = components['schemas']['RunCost'];
export type RunEstimate = components['schemas']['RunEstimate'];
export type SendEventInput = components['schemas']['SendEventInput'];
export type SentEvent = components['schemas']['SentEvent'];
export type SignalInput = components['schemas']['SignalInput'];
export type SignupInput = components['schemas']['SignupInput'];
export type SignupResult = components['schemas']['SignupResult'];
export type StartedWith = components['schemas']['StartedWith'];
export type StepDefinition = components['schemas']['StepDefinition'];
export type StepReplay = components['schemas']['StepReplay'];
export type StepRun = components['schemas']['StepRun'];
export type SubWorkflowStep = components['schemas']['SubWorkflowStep'];
export type TaskStep = components['schemas']['TaskStep'];
export type ThreadMessage = components['schemas']['ThreadMessage'];
export type ThrottleSetting = components['schemas']['ThrottleSetting'];
export type Trigger = components['schemas']['Trigger'];
export type UpdateTriggerInput = components['schemas']['UpdateTriggerInput'];
export type UpgradeIncompatibility = components['schemas']['UpgradeIncompatibility'];
export type UpgradeInput = components['schemas']['UpgradeInput'];
export type UpgradeReport = components['schemas']['UpgradeReport'];
export type User = components['schemas']['User'];
export type WaitStep = components['schemas']['WaitStep'];
export type Webhook = components['schemas']['Webhook'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WorkflowDefinition = components['schemas']['WorkflowDefinition'];
export type WorkflowEvent = components['schemas']['WorkflowEvent'];
export type WorkflowRun = components['schemas']['WorkflowRun'];
export type WorkflowRunWithSteps = components['schemas']['WorkflowRunWithSteps'];
export type Workspace = components['schemas']['Workspace'];
export type WorkspaceBudget = components['schemas']['WorkspaceBudget'];
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            status: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            status: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            status: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The store does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "string",
                     *         "message": "string",
                     *         "details": {
                     *           "property1": null,
                     *           "property2": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "name": "string",
                     *           "keyPrefix": "string",
                     *           "lastUsedAt": "string",
                     *           "createdAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKeySummary"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string"
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "key_01JDZ8P2Q4R6S8T0V2W4X6Y8Z0",
                     *         "name": "Default key",
                     *         "key": "svc_2x9Qm1...shown-once",
                     *         "prefix": "svc_2x9Qm1Lk",
                     *         "createdAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CreatedApiKey"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "revoked": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            revoked: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApprovalGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "name": "string",
                     *           "members": [
                     *             "string"
                     *           ],
                     *           "createdAt": "string",
                     *           "updatedAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApprovalGroup"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApprovalGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "string",
                     *         "members": [
                     *           "string"
                     *         ],
                     *         "createdAt": "string",
                     *         "updatedAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApprovalGroup"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putApprovalGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "members": [
                 *         "user@example.com"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PutApprovalGroupInput"];
            };
        };
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "string",
                     *         "members": [
                     *           "string"
                     *         ],
                     *         "createdAt": "string",
                     *         "updatedAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApprovalGroup"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteApprovalGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApprovalRequests: {
        parameters: {
            query?: {
                assignee?: string;
                definitionId?: string;
                page?: number;
                pageSize?: number;
                pending?: "true" | "false";
                workflowRunId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requests: an array, or a page when page or pageSize is given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "apr_01JDZ8W9K1M3N5P7Q9R1S3T5V7",
                     *           "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *           "stepRunId": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
                     *           "stepName": "check",
                     *           "contentKey": "draft",
                     *           "content": {
                     *             "text": "Hi Ada"
                     *           },
                     *           "prompt": "Send this?",
                     *           "decision": null,
                     *           "decidedBy": null,
                     *           "decidedAt": null,
                     *           "decidedAs": null,
                     *           "expiredAt": null,
                     *           "createdAt": "2026-11-26T09:30:00.000Z",
                     *           "comment": null,
                     *           "revision": 1,
                     *           "previousRequestId": null,
                     *           "assignees": [],
                     *           "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *           "votes": [],
                     *           "escalatedTo": [],
                     *           "deadlineAt": null,
                     *           "kind": "step",
                     *           "auditChain": 2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApprovalRequest"][];
                        /** @enum {boolean} */
                        success: true;
                    } | {
                        data: components["schemas"]["ApprovalRequest"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApprovalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "workflowRunId": "string",
                     *         "stepRunId": "string",
                     *         "stepName": "string",
                     *         "contentKey": "string",
                     *         "content": {
                     *           "property1": null,
                     *           "property2": null
                     *         },
                     *         "prompt": "string",
                     *         "decision": "approved",
                     *         "decidedBy": "string",
                     *         "decidedAt": "string",
                     *         "decidedAs": null,
                     *         "expiredAt": "string",
                     *         "createdAt": "string",
                     *         "comment": null,
                     *         "revision": 1,
                     *         "previousRequestId": null,
                     *         "assignees": [],
                     *         "definitionId": null,
                     *         "votes": [],
                     *         "escalatedTo": [],
                     *         "deadlineAt": null,
                     *         "kind": "step",
                     *         "auditChain": 1,
                     *         "diff": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApprovalWithDiff"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApprovalAudit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "seq": 0,
                     *           "at": "string",
                     *           "action": "requested",
                     *           "actor": "string",
                     *           "details": {
                     *             "property1": null,
                     *             "property2": null
                     *           },
                     *           "previousHash": "string",
                     *           "hash": "string",
                     *           "chainVersion": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    decideApprovalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "edited",
                 *       "editedContent": {
                 *         "text": "Hello Ada, welcome aboard"
                 *       },
                 *       "comment": "Warmer greeting"
                 *     }
                 */
                "application/json": components["schemas"]["DecideApprovalInput"];
            };
        };
        responses: {
            /** @description Decided */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "workflowRunId": "string",
                     *         "stepRunId": "string",
                     *         "stepName": "string",
                     *         "decision": "approved",
                     *         "decidedBy": "string",
                     *         "decidedAt": "string",
                     *         "createdAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DecidedApproval"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN: the caller may not do this (an approval it is not assigned to) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "This approval is not assigned to you"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    issueApprovalLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "assignee": "user@example.com",
                 *       "expiresInMs": 60000
                 *     }
                 */
                "application/json": components["schemas"]["IssueLinksBody"];
            };
        };
        responses: {
            /** @description The links, one set per person */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "assignee": "string",
                     *           "expiresAt": "string",
                     *           "approve": "string",
                     *           "reject": "string",
                     *           "review": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PersonLinks"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN: the caller may not do this (an approval it is not assigned to) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "This approval is not assigned to you"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportApprovalAudit: {
        parameters: {
            query: {
                /** @description Requests created at or after this time */
                from: string;
                /** @description and before this one */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One request per line: {request, audit, workspaceId, line, lines, previousLineHash, lineHash}, hash-chained */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request": {
                     *         "id": "apr_01JDZ8W9K1M3N5P7Q9R1S3T5V7",
                     *         "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "stepRunId": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
                     *         "stepName": "check",
                     *         "contentKey": "draft",
                     *         "content": {
                     *           "text": "Hi Ada"
                     *         },
                     *         "prompt": "Send this?",
                     *         "decision": null,
                     *         "decidedBy": null,
                     *         "decidedAt": null,
                     *         "decidedAs": null,
                     *         "expiredAt": null,
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "comment": null,
                     *         "revision": 1,
                     *         "previousRequestId": null,
                     *         "assignees": [],
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "votes": [],
                     *         "escalatedTo": [],
                     *         "deadlineAt": null,
                     *         "kind": "step",
                     *         "auditChain": 2
                     *       },
                     *       "audit": [
                     *         {
                     *           "seq": 0,
                     *           "at": "string",
                     *           "action": "requested",
                     *           "actor": "string",
                     *           "details": {
                     *             "property1": null,
                     *             "property2": null
                     *           },
                     *           "previousHash": "string",
                     *           "hash": "string",
                     *           "chainVersion": 1
                     *         }
                     *       ],
                     *       "workspaceId": "string",
                     *       "line": 0,
                     *       "lines": 0,
                     *       "previousLineHash": "string",
                     *       "lineHash": "string"
                     *     }
                     */
                    "application/x-ndjson": {
                        audit: components["schemas"]["AuditEntry"][];
                        /** @description Its place in the export, from 1 */
                        line: number;
                        /** @description SHA-256 (hex) of the line's RFC 8785 canonical JSON without lineHash */
                        lineHash: string;
                        /** @description How many lines the whole export has */
                        lines: number;
                        /** @description The line before's lineHash; for the first, SHA-256 of canonical JSON ["weft.audit-export.v1", workspaceId, from, to] */
                        previousLineHash: string;
                        request: components["schemas"]["ApprovalRequest"];
                        workspaceId: string;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The budget */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "budget": {
                     *           "maxCostUsd": 1,
                     *           "maxTokens": 1,
                     *           "warnAt": 1
                     *         },
                     *         "month": "string",
                     *         "spentUsd": 0,
                     *         "spentTokens": 0,
                     *         "reservedUsd": 0,
                     *         "reservedTokens": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["BudgetView"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "maxCostUsd": 1,
                 *       "maxTokens": 1,
                 *       "warnAt": 1
                 *     }
                 */
                "application/json": components["schemas"]["WorkspaceBudget"];
            };
        };
        responses: {
            /** @description The budget */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "budget": {
                     *           "maxCostUsd": 1,
                     *           "maxTokens": 1,
                     *           "warnAt": 1
                     *         },
                     *         "month": "string",
                     *         "spentUsd": 0,
                     *         "spentTokens": 0,
                     *         "reservedUsd": 0,
                     *         "reservedTokens": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["BudgetView"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (or there was none) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDailyCost: {
        parameters: {
            query: {
                /** @description First day, YYYY-MM-DD (UTC), inclusive */
                from: string;
                /** @description Last day, YYYY-MM-DD (UTC), inclusive */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cost of each day */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "from": "string",
                     *         "to": "string",
                     *         "days": [
                     *           {
                     *             "date": "string",
                     *             "totalCostUsd": 0,
                     *             "byModel": [
                     *               {
                     *                 "model": "string",
                     *                 "costUsd": 0,
                     *                 "inputTokens": 0,
                     *                 "outputTokens": 0,
                     *                 "calls": 0
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DailyCost"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCostSummary: {
        parameters: {
            query?: {
                /** @description ISO 8601 timestamp, or a date (a whole UTC day); inclusive */
                from?: string;
                /** @description ISO 8601 timestamp, or a date (a whole UTC day); inclusive */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "workspaceId": "string",
                     *         "from": "string",
                     *         "to": "string",
                     *         "totalCostUsd": 0,
                     *         "totalInputTokens": 0,
                     *         "totalOutputTokens": 0,
                     *         "totalRuns": 0,
                     *         "wastedCostUsd": 0,
                     *         "byModel": [
                     *           {
                     *             "model": "string",
                     *             "costUsd": 0,
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "calls": 0
                     *           }
                     *         ],
                     *         "byDefinition": [
                     *           {
                     *             "definitionId": "string",
                     *             "costUsd": 0,
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "calls": 0,
                     *             "wastedCostUsd": 0
                     *           }
                     *         ],
                     *         "byStep": [
                     *           {
                     *             "definitionId": "string",
                     *             "stepName": "string",
                     *             "costUsd": 0,
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "calls": 0,
                     *             "wastedCostUsd": 0
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CostSummary"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuthSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "signupMode": "open"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuthSettings"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "password": "string"
                 *     }
                 */
                "application/json": components["schemas"]["LoginInput"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": "string",
                     *           "email": "string",
                     *           "createdAt": "string"
                     *         },
                     *         "workspaces": [
                     *           {
                     *             "id": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *             "name": "Acme",
                     *             "slug": "acme",
                     *             "createdAt": "2026-11-26T09:30:00.000Z",
                     *             "updatedAt": "2026-11-26T09:30:00.000Z"
                     *           }
                     *         ],
                     *         "token": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LoginResult"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "password": "stringst",
                 *       "workspaceName": "string",
                 *       "workspaceSlug": "a",
                 *       "inviteCode": "string"
                 *     }
                 */
                "application/json": components["schemas"]["SignupInput"];
            };
        };
        responses: {
            /** @description Signed up */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": "string",
                     *           "email": "string",
                     *           "createdAt": "string"
                     *         },
                     *         "workspace": {
                     *           "id": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *           "name": "Acme",
                     *           "slug": "acme",
                     *           "createdAt": "2026-11-26T09:30:00.000Z",
                     *           "updatedAt": "2026-11-26T09:30:00.000Z"
                     *         },
                     *         "apiKey": {
                     *           "id": "key_01JDZ8P2Q4R6S8T0V2W4X6Y8Z0",
                     *           "name": "Default key",
                     *           "key": "svc_2x9Qm1...shown-once",
                     *           "prefix": "svc_2x9Qm1Lk",
                     *           "createdAt": "2026-11-26T09:30:00.000Z"
                     *         },
                     *         "token": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SignupResult"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: sign-up is closed, or the invite code is missing, unknown, used or expired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "string",
                     *         "message": "string",
                     *         "details": {
                     *           "property1": null,
                     *           "property2": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "A",
                 *       "payload": {},
                 *       "id": "string"
                 *     }
                 */
                "application/json": components["schemas"]["SendEventInput"];
            };
        };
        responses: {
            /** @description Accepted, with the runs it started (none for an id sent in the last 24 hours) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "name": "string",
                     *         "runs": [
                     *           {
                     *             "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *             "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *             "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *             "status": "PAUSED",
                     *             "input": {
                     *               "name": "Ada"
                     *             },
                     *             "output": null,
                     *             "idempotencyKey": "signup-4711",
                     *             "supersessionKey": null,
                     *             "currentStepName": "check",
                     *             "createdAt": "2026-11-26T09:30:00.000Z",
                     *             "updatedAt": "2026-11-26T09:30:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SentEvent"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInvite: {
        parameters: {
            query?: never;
            header: {
                "x-admin-token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "code": "string",
                     *         "expiresAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CreatedInvite"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing or invalid x-admin-token, or the server has no ADMIN_TOKEN */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "string",
                     *         "message": "string",
                     *         "details": {
                     *           "property1": null,
                     *           "property2": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listLlmProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "provider": "openai",
                     *           "priority": 0,
                     *           "isEnabled": true,
                     *           "createdAt": "string",
                     *           "updatedAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ProviderSummary"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putLlmProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "openai",
                 *       "apiKey": "stringstri",
                 *       "priority": 0,
                 *       "isEnabled": true
                 *     }
                 */
                "application/json": components["schemas"]["PutProviderInput"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "provider": "openai",
                     *         "priority": 0,
                     *         "isEnabled": true,
                     *         "createdAt": "string",
                     *         "updatedAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ProviderSummary"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "provider": "openai",
                     *         "priority": 0,
                     *         "isEnabled": true,
                     *         "createdAt": "string",
                     *         "updatedAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ProviderSummary"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteLlmProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setLlmProviderPriorities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "providers": [
                 *         {
                 *           "provider": "string",
                 *           "priority": 0
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PatchPrioritiesInput"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "updated": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            updated: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMcpServers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The servers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "name": "string",
                     *           "url": "string",
                     *           "authHeaderName": "string",
                     *           "allowedTools": [
                     *             "string"
                     *           ],
                     *           "timeoutMs": 0,
                     *           "createdAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["McpServerSummary"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "A",
                 *       "url": "string",
                 *       "authHeader": {
                 *         "name": "!",
                 *         "value": "string"
                 *       },
                 *       "allowedTools": [
                 *         "A"
                 *       ],
                 *       "timeoutMs": 10000
                 *     }
                 */
                "application/json": components["schemas"]["CreateMcpServerInput"];
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "name": "string",
                     *         "url": "string",
                     *         "authHeaderName": "string",
                     *         "allowedTools": [
                     *           "string"
                     *         ],
                     *         "timeoutMs": 0,
                     *         "createdAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["McpServerSummary"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRemoteTools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "name": "string",
                     *           "url": "string",
                     *           "timeoutMs": 0,
                     *           "createdAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RemoteToolSummary"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createRemoteTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "A",
                 *       "url": "string",
                 *       "timeoutMs": 10000
                 *     }
                 */
                "application/json": components["schemas"]["CreateRemoteToolInput"];
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "name": "string",
                     *         "url": "string",
                     *         "timeoutMs": 0,
                     *         "createdAt": "string",
                     *         "secret": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CreatedRemoteTool"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteRemoteTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listThreadMessages: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                /** @description The conversation the run's agent steps with thread: true continue (docs/agents.md) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "seq": 0,
                     *           "role": "user",
                     *           "content": "string",
                     *           "runId": "string",
                     *           "stepName": "string",
                     *           "createdAt": "string"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 0,
                     *         "pageSize": 0,
                     *         "total": 0,
                     *         "totalPages": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ThreadMessage"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation the run's agent steps with thread: true continue (docs/agents.md) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTriggers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The triggers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "type": "cron",
                     *           "definitionId": "string",
                     *           "cron": "0 9 * * 1-5",
                     *           "timezone": "UTC",
                     *           "input": {},
                     *           "overlap": "allow",
                     *           "catchUp": "none",
                     *           "id": "string",
                     *           "workspaceId": "string",
                     *           "status": "active",
                     *           "lastFireAt": "string",
                     *           "lastRunId": "string",
                     *           "lastSkipReason": "string",
                     *           "createdAt": "string",
                     *           "updatedAt": "string",
                     *           "nextFireAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Trigger"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "cron",
                 *       "definitionId": "string",
                 *       "cron": "0 9 * * 1-5",
                 *       "timezone": "UTC",
                 *       "input": {},
                 *       "overlap": "allow",
                 *       "catchUp": "none"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTriggerInput"];
            };
        };
        responses: {
            /** @description Created (active) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "type": "cron",
                     *         "definitionId": "string",
                     *         "cron": "0 9 * * 1-5",
                     *         "timezone": "UTC",
                     *         "input": {},
                     *         "overlap": "allow",
                     *         "catchUp": "none",
                     *         "id": "string",
                     *         "workspaceId": "string",
                     *         "status": "active",
                     *         "lastFireAt": "string",
                     *         "lastRunId": "string",
                     *         "lastSkipReason": "string",
                     *         "createdAt": "string",
                     *         "updatedAt": "string",
                     *         "nextFireAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Trigger"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trigger */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "type": "cron",
                     *         "definitionId": "string",
                     *         "cron": "0 9 * * 1-5",
                     *         "timezone": "UTC",
                     *         "input": {},
                     *         "overlap": "allow",
                     *         "catchUp": "none",
                     *         "id": "string",
                     *         "workspaceId": "string",
                     *         "status": "active",
                     *         "lastFireAt": "string",
                     *         "lastRunId": "string",
                     *         "lastSkipReason": "string",
                     *         "createdAt": "string",
                     *         "updatedAt": "string",
                     *         "nextFireAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Trigger"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "active"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTriggerInput"];
            };
        };
        responses: {
            /** @description The trigger as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "type": "cron",
                     *         "definitionId": "string",
                     *         "cron": "0 9 * * 1-5",
                     *         "timezone": "UTC",
                     *         "input": {},
                     *         "overlap": "allow",
                     *         "catchUp": "none",
                     *         "id": "string",
                     *         "workspaceId": "string",
                     *         "status": "active",
                     *         "lastFireAt": "string",
                     *         "lastRunId": "string",
                     *         "lastSkipReason": "string",
                     *         "createdAt": "string",
                     *         "updatedAt": "string",
                     *         "nextFireAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Trigger"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "workspaceId": "string",
                     *           "url": "string",
                     *           "events": [
                     *             "workflow.completed"
                     *           ],
                     *           "isActive": true,
                     *           "createdAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "string",
                 *       "events": [
                 *         "workflow.completed"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "workspaceId": "string",
                     *         "url": "string",
                     *         "events": [
                     *           "workflow.completed"
                     *         ],
                     *         "isActive": true,
                     *         "createdAt": "string",
                     *         "secret": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CreatedWebhook"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "webhookId": "string",
                     *           "event": "workflow.completed",
                     *           "workflowRunId": "string",
                     *           "status": "pending",
                     *           "attempts": 0,
                     *           "attemptLog": [
                     *             {
                     *               "attempt": 1,
                     *               "at": "string",
                     *               "statusCode": 0,
                     *               "error": "string",
                     *               "durationMs": 0
                     *             }
                     *           ],
                     *           "lastStatusCode": 0,
                     *           "lastError": "string",
                     *           "nextAttemptAt": "string",
                     *           "createdAt": "string",
                     *           "updatedAt": "string",
                     *           "deliveredAt": "string",
                     *           "failedAt": "string"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 0,
                     *         "pageSize": 0,
                     *         "total": 0,
                     *         "totalPages": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflowDefinitions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *           "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *           "name": "welcome",
                     *           "version": "1",
                     *           "description": "Draft, then review",
                     *           "stepsJson": [
                     *             {
                     *               "type": "task",
                     *               "name": "draft",
                     *               "handler": "set_state",
                     *               "config": {
                     *                 "values": {
                     *                   "draft": {
                     *                     "text": "Hi {{input.name}}"
                     *                   }
                     *                 }
                     *               }
                     *             },
                     *             {
                     *               "type": "approval",
                     *               "name": "check",
                     *               "contentKey": "draft",
                     *               "prompt": "Send this?"
                     *             }
                     *           ],
                     *           "createdAt": "2026-11-26T09:30:00.000Z",
                     *           "updatedAt": "2026-11-26T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowDefinition"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWorkflowDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "welcome",
                 *       "version": "1",
                 *       "description": "Draft, then review",
                 *       "steps": [
                 *         {
                 *           "type": "task",
                 *           "name": "draft",
                 *           "handler": "set_state",
                 *           "config": {
                 *             "values": {
                 *               "draft": {
                 *                 "text": "Hi {{input.name}}"
                 *               }
                 *             }
                 *           }
                 *         },
                 *         {
                 *           "type": "approval",
                 *           "name": "check",
                 *           "contentKey": "draft",
                 *           "prompt": "Send this?"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWorkflowDefinitionInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "name": "welcome",
                     *         "version": "1",
                     *         "description": "Draft, then review",
                     *         "stepsJson": [
                     *           {
                     *             "type": "task",
                     *             "name": "draft",
                     *             "handler": "set_state",
                     *             "config": {
                     *               "values": {
                     *                 "draft": {
                     *                   "text": "Hi {{input.name}}"
                     *                 }
                     *               }
                     *             }
                     *           },
                     *           {
                     *             "type": "approval",
                     *             "name": "check",
                     *             "contentKey": "draft",
                     *             "prompt": "Send this?"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowDefinition"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWorkflowDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The definition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "name": "welcome",
                     *         "version": "1",
                     *         "description": "Draft, then review",
                     *         "stepsJson": [
                     *           {
                     *             "type": "task",
                     *             "name": "draft",
                     *             "handler": "set_state",
                     *             "config": {
                     *               "values": {
                     *                 "draft": {
                     *                   "text": "Hi {{input.name}}"
                     *                 }
                     *               }
                     *             }
                     *           },
                     *           {
                     *             "type": "approval",
                     *             "name": "check",
                     *             "contentKey": "draft",
                     *             "prompt": "Send this?"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowDefinition"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    migrateWorkflowRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "toDefinitionId": "string",
                 *       "statuses": [
                 *         "PENDING"
                 *       ],
                 *       "dryRun": true,
                 *       "page": 1
                 *     }
                 */
                "application/json": components["schemas"]["MigrateRunsInput"];
            };
        };
        responses: {
            /** @description A report per run of the page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "page": 0,
                     *         "pageSize": 0,
                     *         "total": 0,
                     *         "hasMore": true,
                     *         "results": [
                     *           {
                     *             "runId": "string",
                     *             "status": "PENDING",
                     *             "fromDefinitionId": "string",
                     *             "outcome": "landed",
                     *             "incompatibilities": [
                     *               {
                     *                 "kind": "current_step_missing",
                     *                 "stepName": "string",
                     *                 "key": "string",
                     *                 "from": "string",
                     *                 "to": "string",
                     *                 "message": "string"
                     *               }
                     *             ],
                     *             "error": "string"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["MigrationReport"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflowRuns: {
        parameters: {
            query?: {
                /** @description Runs created at or after this instant: ISO 8601 with `Z` or an offset, or a date (its first moment, UTC) */
                createdAfter?: string;
                /** @description Runs created before this instant (exclusive, so consecutive windows share no run); same forms as createdAfter */
                createdBefore?: string;
                definitionId?: string;
                page?: number;
                pageSize?: number;
                /** @description The child runs (sub_workflow, parallel branches, map items) the run started; the list leaves child runs out otherwise. Takes no other filter. */
                parentRunId?: string;
                status?: "PENDING" | "RUNNING" | "WAITING" | "PAUSED" | "COMPLETED" | "FAILED" | "CANCELLED" | "SUPERSEDED";
                supersessionKey?: string;
                /** @description Runs started by this trigger (their supersession key is `trigger:<id>`) */
                triggerId?: string;
                /** @description PENDING runs held back by their concurrency limit, their throttle, their debounce window, or (`queue_latest`) the running run of their supersession key */
                waitingFor?: "concurrency" | "throttle" | "debounce" | "supersession";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *           "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *           "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *           "status": "PAUSED",
                     *           "input": {
                     *             "name": "Ada"
                     *           },
                     *           "output": null,
                     *           "idempotencyKey": "signup-4711",
                     *           "supersessionKey": null,
                     *           "currentStepName": "check",
                     *           "createdAt": "2026-11-26T09:30:00.000Z",
                     *           "updatedAt": "2026-11-26T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 0,
                     *         "pageSize": 0,
                     *         "total": 0,
                     *         "totalPages": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRun"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                 *       "input": {
                 *         "name": "Ada"
                 *       },
                 *       "idempotencyKey": "signup-4711"
                 *     }
                 */
                "application/json": components["schemas"]["CreateRunInput"];
            };
        };
        responses: {
            /** @description The run created earlier with this idempotencyKey */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "status": "PAUSED",
                     *         "input": {
                     *           "name": "Ada"
                     *         },
                     *         "output": null,
                     *         "idempotencyKey": "signup-4711",
                     *         "supersessionKey": null,
                     *         "currentStepName": "check",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRun"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Created (PENDING) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "status": "PAUSED",
                     *         "input": {
                     *           "name": "Ada"
                     *         },
                     *         "output": null,
                     *         "idempotencyKey": "signup-4711",
                     *         "supersessionKey": null,
                     *         "currentStepName": "check",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRun"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "status": "PAUSED",
                     *         "input": {
                     *           "name": "Ada"
                     *         },
                     *         "output": null,
                     *         "idempotencyKey": "signup-4711",
                     *         "supersessionKey": null,
                     *         "currentStepName": "check",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z",
                     *         "steps": [
                     *           {
                     *             "id": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
                     *             "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *             "stepName": "draft",
                     *             "stepType": "task",
                     *             "status": "COMPLETED",
                     *             "attempt": 1,
                     *             "input": {
                     *               "input": {
                     *                 "name": "Ada"
                     *               }
                     *             },
                     *             "output": {
                     *               "draft": {
                     *                 "text": "Hi Ada"
                     *               }
                     *             },
                     *             "error": null,
                     *             "startedAt": "2026-11-26T09:30:00.000Z",
                     *             "completedAt": "2026-11-26T09:30:00.000Z",
                     *             "createdAt": "2026-11-26T09:30:00.000Z",
                     *             "updatedAt": "2026-11-26T09:30:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRunWithSteps"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "status": "string",
                     *         "updatedAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            status: string;
                            updatedAt: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRunCost: {
        parameters: {
            query?: {
                /** @description true: add wastedCostUsd and byStep (the spec's shape without) */
                breakdown?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's cost */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "workflowRunId": "string",
                     *         "totalCostUsd": 0,
                     *         "totalInputTokens": 0,
                     *         "totalOutputTokens": 0,
                     *         "wastedCostUsd": 0,
                     *         "byStep": [
                     *           {
                     *             "stepName": "string",
                     *             "costUsd": 0,
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "calls": 0,
                     *             "wastedCostUsd": 0
                     *           }
                     *         ],
                     *         "calls": [
                     *           {
                     *             "stepName": "string",
                     *             "model": "string",
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "costUsd": 0,
                     *             "createdAt": "string",
                     *             "workflowRunId": "string"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RunCost"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWorkflowRunEvents: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_01JDZ8X1C3D5E7F9G1H3J5K7M9",
                     *           "workflowRunId": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *           "stepRunId": "stp_01JDZ8V7A9B1C3D5E7F9G1H3J5",
                     *           "eventType": "STEP_COMPLETED",
                     *           "payload": {
                     *             "stepName": "draft"
                     *           },
                     *           "createdAt": "2026-11-26T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 0,
                     *         "pageSize": 0,
                     *         "total": 0,
                     *         "totalPages": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowEvent"][];
                        meta: components["schemas"]["PageMeta"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rerunWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fromStep": "string",
                 *       "input": {
                 *         "property1": null,
                 *         "property2": null
                 *       },
                 *       "statePatch": {
                 *         "property1": null,
                 *         "property2": null
                 *       },
                 *       "definitionId": "string",
                 *       "idempotencyKey": "string"
                 *     }
                 */
                "application/json": components["schemas"]["RerunInput"];
            };
        };
        responses: {
            /** @description The run created earlier with this idempotencyKey */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "status": "PAUSED",
                     *         "input": {
                     *           "name": "Ada"
                     *         },
                     *         "output": null,
                     *         "idempotencyKey": "signup-4711",
                     *         "supersessionKey": null,
                     *         "currentStepName": "check",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRun"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description The new run (PENDING) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "run_01JDZ8T5ZP3X9W7Q4C2B6N8M0K",
                     *         "workspaceId": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "definitionId": "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0",
                     *         "status": "PAUSED",
                     *         "input": {
                     *           "name": "Ada"
                     *         },
                     *         "output": null,
                     *         "idempotencyKey": "signup-4711",
                     *         "supersessionKey": null,
                     *         "currentStepName": "check",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WorkflowRun"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resumeWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "signalType": "string",
                 *       "payload": {}
                 *     }
                 */
                "application/json": components["schemas"]["ResumeInput"];
            };
        };
        responses: {
            /** @description Resumed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "resumed": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            resumed: true;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retryWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Retrying */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "retried": true,
                     *         "stepName": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            retried: true;
                            stepName: string;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendSignal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "signalType": "string",
                 *       "payload": {},
                 *       "id": "string"
                 *     }
                 */
                "application/json": components["schemas"]["SignalInput"];
            };
        };
        responses: {
            /** @description Accepted: delivered to the waiting step, buffered on the run, or a duplicate of an earlier id */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "delivered"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "delivered" | "buffered" | "duplicate";
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replayStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                stepName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "model": "string",
                 *       "systemPrompt": "string",
                 *       "messages": [
                 *         {
                 *           "role": "system",
                 *           "content": "string"
                 *         }
                 *       ],
                 *       "temperature": 0,
                 *       "maxTokens": 1
                 *     }
                 */
                "application/json": components["schemas"]["ReplayInput"];
            };
        };
        responses: {
            /** @description The replay, with both answers' cost and a diff */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "string",
                     *         "workflowRunId": "string",
                     *         "stepName": "string",
                     *         "stepRunId": "string",
                     *         "overrides": {
                     *           "model": "string",
                     *           "systemPrompt": "string",
                     *           "messages": [
                     *             {
                     *               "role": "system",
                     *               "content": "string"
                     *             }
                     *           ],
                     *           "temperature": 0,
                     *           "maxTokens": 1
                     *         },
                     *         "text": "string",
                     *         "json": {
                     *           "property1": null,
                     *           "property2": null
                     *         },
                     *         "error": "string",
                     *         "passedChecks": true,
                     *         "answer": {
                     *           "model": "string",
                     *           "inputTokens": 0,
                     *           "outputTokens": 0,
                     *           "costUsd": 0
                     *         },
                     *         "original": {
                     *           "model": "string",
                     *           "inputTokens": 0,
                     *           "outputTokens": 0,
                     *           "costUsd": 0,
                     *           "text": "string"
                     *         },
                     *         "diff": {
                     *           "format": "text",
                     *           "patch": "string"
                     *         },
                     *         "createdAt": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["StepReplay"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStepReplays: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                stepName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replays */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "string",
                     *           "workflowRunId": "string",
                     *           "stepName": "string",
                     *           "stepRunId": "string",
                     *           "overrides": {
                     *             "model": "string",
                     *             "systemPrompt": "string",
                     *             "messages": [
                     *               {
                     *                 "role": "system",
                     *                 "content": "string"
                     *               }
                     *             ],
                     *             "temperature": 0,
                     *             "maxTokens": 1
                     *           },
                     *           "text": "string",
                     *           "json": {
                     *             "property1": null,
                     *             "property2": null
                     *           },
                     *           "error": "string",
                     *           "passedChecks": true,
                     *           "answer": {
                     *             "model": "string",
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "costUsd": 0
                     *           },
                     *           "original": {
                     *             "model": "string",
                     *             "inputTokens": 0,
                     *             "outputTokens": 0,
                     *             "costUsd": 0,
                     *             "text": "string"
                     *           },
                     *           "diff": {
                     *             "format": "text",
                     *             "patch": "string"
                     *           },
                     *           "createdAt": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["StepReplay"][];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAgentTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                stepRunId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transcript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "stepRunId": "string",
                     *         "turns": 0,
                     *         "messages": [
                     *           {
                     *             "role": "user",
                     *             "content": "string"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AgentTranscript"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamWorkflowRun: {
        parameters: {
            query?: {
                lastEventId?: number | null;
            };
            header?: {
                "last-event-id"?: number | null;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream (text/event-stream) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example string */
                    "text/event-stream": string;
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    upgradeWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "definitionId": "string",
                 *       "dryRun": false,
                 *       "continueAt": "string"
                 *     }
                 */
                "application/json": components["schemas"]["UpgradeInput"];
            };
        };
        responses: {
            /** @description Upgraded, pending, or a dry run's report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "runId": "string",
                     *         "fromDefinitionId": "string",
                     *         "toDefinitionId": "string",
                     *         "outcome": "landed",
                     *         "incompatibilities": [
                     *           {
                     *             "kind": "current_step_missing",
                     *             "stepName": "string",
                     *             "key": "string",
                     *             "from": "string",
                     *             "to": "string",
                     *             "message": "string"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UpgradeReport"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    estimateRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "definitionId": "string",
                 *       "input": {},
                 *       "budget": {
                 *         "maxCostUsd": 1,
                 *         "maxTokens": 1,
                 *         "warnAt": 1,
                 *         "onExceed": "stop",
                 *         "downgradeModel": "string"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EstimateInput"];
            };
        };
        responses: {
            /** @description The estimate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "definitionId": "string",
                     *         "valid": true,
                     *         "problems": [
                     *           {
                     *             "stepName": "string",
                     *             "field": "string",
                     *             "message": "string"
                     *           }
                     *         ],
                     *         "steps": [
                     *           {
                     *             "stepName": "string",
                     *             "model": "string",
                     *             "provider": "string",
                     *             "inputTokens": {
                     *               "min": 0,
                     *               "max": 0
                     *             },
                     *             "outputTokens": {
                     *               "min": 0,
                     *               "max": 0
                     *             },
                     *             "costUsd": {
                     *               "min": 0,
                     *               "max": 0
                     *             },
                     *             "maxCalls": 0,
                     *             "priced": true
                     *           }
                     *         ],
                     *         "total": {
                     *           "inputTokens": {
                     *             "min": 0,
                     *             "max": 0
                     *           },
                     *           "outputTokens": {
                     *             "min": 0,
                     *             "max": 0
                     *           },
                     *           "costUsd": {
                     *             "min": 0,
                     *             "max": 0
                     *           }
                     *         },
                     *         "budget": {
                     *           "run": {
                     *             "maxCostUsd": 0,
                     *             "maxTokens": 0,
                     *             "verdict": "within"
                     *           },
                     *           "workspace": {
                     *             "remainingUsd": 0,
                     *             "remainingTokens": 0,
                     *             "verdict": "within"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["RunEstimate"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no such resource in the caller's workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Workflow run not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: {
                "x-admin-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "slug": "a"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWorkspaceInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "name": "Acme",
                     *         "slug": "acme",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Workspace"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body is invalid",
                     *         "details": {
                     *           "issues": [
                     *             {
                     *               "path": "name",
                     *               "message": "Too small: expected string to have >=1 characters"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description CONFLICT: the resource exists or is in a state that forbids the operation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Run is COMPLETED"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Request body exceeds the 1 MiB limit"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_ERROR: the request body is not `application/json` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "Content-Type must be application/json"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCurrentWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "wsp_01JDZ8N0B2C4D6E8F0G2H4J6K8",
                     *         "name": "Acme",
                     *         "slug": "acme",
                     *         "createdAt": "2026-11-26T09:30:00.000Z",
                     *         "updatedAt": "2026-11-26T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Workspace"];
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description AUTH_ERROR: missing, invalid or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "AUTH_ERROR",
                     *         "message": "Missing or invalid API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "RATE_LIMIT_ERROR",
                     *         "message": "Rate limit exceeded"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
