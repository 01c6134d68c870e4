import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from "@aws-sdk/client-kms";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { KmsKeyVault } from "../../../core/adapters/aws/kms-key-vault";
import { AesKeyVault } from "../../../core/adapters/local/aes-key-vault";
import { loadMasterKey } from "../../../core/adapters/local/master-key";
import { ManualClock } from "../../helpers/manual-clock";

const context = { workspaceId: "wsp_a", provider: "openai", purpose: "llm-provider-key" };

describe("AesKeyVault", () => {
  const vault = new AesKeyVault(randomBytes(32));

  it("decrypts what it encrypted, and never stores the plaintext", async () => {
    const sealed = await vault.encrypt("sk-secret-value", context);

    expect(sealed).not.toContain("sk-secret-value");
    expect(await vault.decrypt(sealed, context)).toBe("sk-secret-value");
  });

  it("refuses a ciphertext presented with another workspace's context", async () => {
    const sealed = await vault.encrypt("sk-secret-value", context);

    await expect(vault.decrypt(sealed, { ...context, workspaceId: "wsp_b" })).rejects.toThrow();
  });

  it("refuses a tampered ciphertext", async () => {
    const sealed = await vault.encrypt("sk-secret-value", context);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;

    await expect(
      vault.decrypt([...parts.slice(0, 3), body.toString("base64url")].join("."), context),
    ).rejects.toThrow();
  });
});

describe("loadMasterKey", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("generates a key into the data directory once and reads the same key back, readable by the owner only", () => {
    dir = mkdtempSync(join(tmpdir(), "weft-key-"));

    const first = loadMasterKey({ masterKey: undefined, dataDir: dir });
    const second = loadMasterKey({ masterKey: undefined, dataDir: dir });

    expect(first.equals(second)).toBe(true);
    expect(statSync(join(dir, "master.key")).mode & 0o077).toBe(0);
  });

  it("uses MASTER_KEY when set and refuses one that is not 32 bytes", () => {
    const key = randomBytes(32);

    expect(loadMasterKey({ masterKey: key.toString("base64"), dataDir: "/nonexistent" }).equals(key)).toBe(
      true,
    );
    expect(() => loadMasterKey({ masterKey: "c2hvcnQ=", dataDir: "/nonexistent" })).toThrow(/32 bytes/);
  });
});

describe("KmsKeyVault", () => {
  const kms = mockClient(KMSClient);
  const dataKey = randomBytes(32);
  const encryptedDataKey = randomBytes(48);
  afterEach(() => kms.reset());

  function vault(clock = new ManualClock()) {
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: dataKey, CiphertextBlob: encryptedDataKey });
    kms.on(DecryptCommand).resolves({ Plaintext: dataKey });
    return new KmsKeyVault({ client: new KMSClient({ region: "us-east-1" }), keyId: "alias/weft", clock });
  }

  it("asks KMS for a data key bound to the encryption context and round-trips the secret", async () => {
    const subject = vault();

    const sealed = await subject.encrypt("sk-secret-value", context);

    expect(sealed).not.toContain("sk-secret-value");
    expect(kms.commandCalls(GenerateDataKeyCommand)[0]?.args[0].input).toMatchObject({
      KeyId: "alias/weft",
      KeySpec: "AES_256",
      EncryptionContext: context,
    });
    expect(await subject.decrypt(sealed, context)).toBe("sk-secret-value");
    expect(kms.commandCalls(DecryptCommand)[0]?.args[0].input.EncryptionContext).toEqual(context);
  });

  it("calls KMS Decrypt once per data key while the cache holds it, and again after it expires", async () => {
    const clock = new ManualClock();
    const subject = vault(clock);
    const sealed = await subject.encrypt("sk-secret-value", context);

    await subject.decrypt(sealed, context);
    await subject.decrypt(sealed, context);
    clock.advance(6 * 60 * 1000);
    await subject.decrypt(sealed, context);

    expect(kms.commandCalls(DecryptCommand)).toHaveLength(2);
  });

  it("does not let a cached data key open the secret under another context", async () => {
    const subject = vault();
    const sealed = await subject.encrypt("sk-secret-value", context);
    await subject.decrypt(sealed, context);

    await expect(subject.decrypt(sealed, { ...context, workspaceId: "wsp_b" })).rejects.toThrow();
  });
});
