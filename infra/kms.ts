import { thisStage } from "./this-stage";

/**
 * The key that envelope-encrypts stored secrets (workspace provider keys, webhook and remote-tool secrets).
 * Every data key is bound to an encryption context naming its workspace; rotation is yearly and automatic.
 * A retained stage keeps it when removed, as it keeps its table: without the key, the secrets stored in
 * that table could never be decrypted again. (SST's `removal: "retain"` covers tables, not keys.)
 */
export const secretsKey = new aws.kms.Key(
  "SecretsKey",
  {
    description: `${$app.name} ${$app.stage}: stored secrets`,
    enableKeyRotation: true,
    deletionWindowInDays: 30,
  },
  { retainOnDelete: !thisStage.ephemeral },
);
