/**
 * The key that envelope-encrypts stored secrets (workspace provider keys, webhook and remote-tool secrets).
 * Every data key is bound to an encryption context naming its workspace; rotation is yearly and automatic.
 */
export const secretsKey = new aws.kms.Key("SecretsKey", {
  description: `${$app.name} ${$app.stage}: stored secrets`,
  enableKeyRotation: true,
  deletionWindowInDays: 30,
});
