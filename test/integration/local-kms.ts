import { randomBytes, randomUUID } from "node:crypto";
import {
  DecryptCommand,
  type DecryptCommandInput,
  GenerateDataKeyCommand,
  type GenerateDataKeyCommandInput,
  InvalidCiphertextException,
  KMSClient,
  NotFoundException,
} from "@aws-sdk/client-kms";
import { mockClient } from "aws-sdk-client-mock";
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { ACCOUNT, credentials, metadata } from "./local-account";

/**
 * The KMS stand-in (local-aws.ts), modelling what the service relies on: GenerateDataKey and Decrypt with
 * the encryption context bound to the data key (a wrong context fails to decrypt, as in KMS).
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
