import { randomBytes, randomUUID } from "node:crypto";
import {
  DecryptCommand,
  type DecryptCommandInput,
  GenerateDataKeyCommand,
  type GenerateDataKeyCommandInput,
  InvalidCiphertextException,
  KMSClient,
  KMSServiceException,
  NotFoundException,
} from "@aws-sdk/client-kms";
import { mockClient } from "aws-sdk-client-mock";
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { ENGINE_PERMISSIONS } from "../../infra/settings";
import { kmsConditions, kmsContextAllowed } from "../helpers/kms-conditions";
import { ACCOUNT, credentials, metadata } from "./local-account";

/**
 * The KMS stand-in (local-aws.ts), modelling what the service relies on: GenerateDataKey and Decrypt with
 * the encryption context bound to the data key (a wrong context fails to decrypt, as in KMS), refused as
 * IAM refuses them to the deployed functions when the context breaks their KMS statement's conditions
 * (infra/settings.ts), so the suite's secrets go through the same check as a stage's.
 */
export class LocalKms {
  private readonly keyIds = new Set<string>();
  /** The key every data key is wrapped with, per stand-in: data keys never leave it in the clear. */
  private readonly wrapping = new AesKeyVault(randomBytes(32));
  readonly kmsCalls = { GenerateDataKey: 0, Decrypt: 0 };

  constructor(private readonly region: string) {}

  createKey(): string {
    const keyId = `arn:aws:kms:${this.region}:${ACCOUNT}:key/${randomUUID()}`;
    this.keyIds.add(keyId);
    return keyId;
  }

  kmsClient(): KMSClient {
    const client = new KMSClient({ region: this.region, credentials });
    const stub = mockClient(client);
    stub.on(GenerateDataKeyCommand).callsFake(async (input: GenerateDataKeyCommandInput) => {
      this.kmsCalls.GenerateDataKey += 1;
      this.key(input.KeyId);
      allowed("GenerateDataKey", input.EncryptionContext);
      const plaintext = randomBytes(32);
      const wrapped = await this.wrapping.encrypt(
        plaintext.toString("base64"),
        input.EncryptionContext ?? {},
      );
      return {
        KeyId: input.KeyId,
        Plaintext: new Uint8Array(plaintext),
        CiphertextBlob: new Uint8Array(Buffer.from(wrapped, "utf8")),
        ...metadata,
      };
    });
    stub.on(DecryptCommand).callsFake(async (input: DecryptCommandInput) => {
      this.kmsCalls.Decrypt += 1;
      if (input.KeyId !== undefined) this.key(input.KeyId);
      allowed("Decrypt", input.EncryptionContext);
      let plaintext: string;
      try {
        const wrapped = Buffer.from(input.CiphertextBlob ?? new Uint8Array()).toString("utf8");
        plaintext = await this.wrapping.decrypt(wrapped, input.EncryptionContext ?? {});
      } catch {
        throw new InvalidCiphertextException({
          message: "Invalid ciphertext or encryption context",
          ...metadata,
        });
      }
      return { KeyId: input.KeyId, Plaintext: new Uint8Array(Buffer.from(plaintext, "base64")), ...metadata };
    });
    return client;
  }

  private key(keyId: string | undefined): void {
    if (keyId === undefined || !this.keyIds.has(keyId)) {
      throw new NotFoundException({ message: `Key '${keyId}' does not exist`, ...metadata });
    }
  }
}

/** What IAM answers a function whose request its KMS statement's conditions do not admit. */
function allowed(action: string, context: Record<string, string> = {}): void {
  if (kmsContextAllowed(kmsConditions(ENGINE_PERMISSIONS), context)) return;
  const message = `not authorized to perform: kms:${action} with encryption context ${JSON.stringify(context)}`;
  throw new KMSServiceException({ name: "AccessDeniedException", $fault: "client", message, ...metadata });
}
