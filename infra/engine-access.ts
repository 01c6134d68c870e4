import { tableDefinition } from "../core/adapters/dynamodb/table/table";
import { schedulesInGroupArn } from "./aws-account";
import { blobBucket } from "./blobs";
import { secretsKey } from "./kms";
import { runEventQueue, stepQueue } from "./queues";
import { scheduleGroup, schedulerRole } from "./scheduler";
import {
  BLOB_PERMISSIONS,
  BUNDLE,
  ENGINE_PERMISSIONS,
  type EngineEnvironmentKey,
  type EngineResource,
  LAMBDA_RUNTIME,
  type PermissionSettings,
} from "./settings";
import { table } from "./table";

/**
 * What every function that touches runs needs: the settings core/config.ts reads, and the permissions for
 * them, as explicit statements on this stage's resources only (infra/settings.ts). Nothing is linked:
 * an SST link would add its own statement beside these, granting every DynamoDB or SQS action.
 */
export const engineEnvironment = {
  TABLE_NAME: table.name,
  STEP_QUEUE_URL: stepQueue.url,
  STEP_QUEUE_ARN: stepQueue.arn,
  RUN_EVENT_QUEUE_URL: runEventQueue.url,
  SCHEDULE_GROUP: scheduleGroup.name,
  SCHEDULER_ROLE_ARN: schedulerRole.arn,
  KMS_KEY_ID: secretsKey.arn,
} satisfies Record<EngineEnvironmentKey, unknown>;

const resourceArns: Record<EngineResource, $util.Input<string>[]> = {
  table: [table.arn],
  // Each index by name: a Query on a GSI is authorized on the index's ARN, not the table's.
  tableIndexes: tableDefinition.indexes.map((index) => $interpolate`${table.arn}/index/${index.name}`),
  stepQueue: [stepQueue.arn],
  runEventQueue: [runEventQueue.arn],
  secretsKey: [secretsKey.arn],
  schedules: [schedulesInGroupArn(scheduleGroup.name)],
  schedulerRole: [schedulerRole.arn],
  blobBucket: [blobBucket.arn],
  blobObjects: [$interpolate`${blobBucket.arn}/*`],
};

const statements = (permissions: readonly PermissionSettings[]) =>
  permissions.map(({ actions, resources, conditions }) => ({
    actions: [...actions],
    resources: resources.flatMap((resource) => resourceArns[resource]),
    ...(conditions && {
      conditions: conditions.map(({ test, variable, values }) => ({ test, variable, values: [...values] })),
    }),
  }));

export const enginePermissions = statements(ENGINE_PERMISSIONS);
const blobPermissions = statements(BLOB_PERMISSIONS);

/**
 * How SST bundles each function, from BUNDLE (infra/settings.ts), which bench/bundle.ts bundles with too.
 * The arrays are copied: SST's props take mutable ones.
 */
export const nodejsBundle = {
  format: BUNDLE.format,
  minify: BUNDLE.minify,
  splitting: BUNDLE.splitting,
  plugins: BUNDLE.plugins,
  esbuild: { ...BUNDLE.esbuild, external: [...BUNDLE.esbuild.external] },
};

/**
 * One Lambda of the engine, from its settings, with the engine's environment and permissions, and the blob
 * bucket's name and statements when its settings hold the bucket.
 */
export function engineFunction(
  settings: {
    handler: string;
    memoryMb: number;
    timeoutSeconds: number;
    reservedConcurrency?: number;
    blobStore?: true;
  },
  extraEnvironment: Record<string, $util.Input<string>> = {},
) {
  return {
    handler: settings.handler,
    ...LAMBDA_RUNTIME,
    nodejs: nodejsBundle,
    memory: `${settings.memoryMb} MB` as const,
    timeout: `${settings.timeoutSeconds} seconds` as const,
    environment: {
      ...engineEnvironment,
      ...(settings.blobStore && { BLOB_BUCKET: blobBucket.name }),
      ...extraEnvironment,
    },
    permissions: settings.blobStore ? [...enginePermissions, ...blobPermissions] : enginePermissions,
    ...(settings.reservedConcurrency !== undefined && {
      concurrency: { reserved: settings.reservedConcurrency },
    }),
  };
}
