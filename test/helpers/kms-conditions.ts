import type { PermissionSettings } from "../../infra/settings";

type Conditions = NonNullable<PermissionSettings["conditions"]>;

/**
 * Whether IAM would let a KMS request with this encryption context through `conditions` (every condition
 * must hold), as IAM evaluates the operators infra/settings.ts uses on the context's keys: `Null` ("false":
 * the key is present), `StringEquals` (the key is present with one of the values) and
 * `ForAllValues:StringEquals` on `kms:EncryptionContextKeys` (every key is one of the values). Anything else
 * throws, so a statement this does not model is never read as allowing.
 */
export function kmsContextAllowed(
  conditions: Conditions,
  context: Readonly<Record<string, string>>,
): boolean {
  const contextKey = (variable: string) => /^kms:EncryptionContext:(.+)$/.exec(variable)?.[1];
  return conditions.every(({ test, variable, values }) => {
    const key = contextKey(variable);
    if (test === "Null" && key) return (context[key] === undefined) === values.includes("true");
    if (test === "StringEquals" && key) return context[key] !== undefined && values.includes(context[key]);
    if (test === "ForAllValues:StringEquals" && variable === "kms:EncryptionContextKeys")
      return Object.keys(context).every((name) => values.includes(name));
    throw new Error(`kmsContextAllowed does not model ${test} on ${variable}`);
  });
}

/** The conditions of the one engine statement that grants KMS actions. */
export function kmsConditions(permissions: readonly PermissionSettings[]): Conditions {
  const statements = permissions.filter((statement) =>
    statement.actions.some((action) => action.startsWith("kms:")),
  );
  if (statements.length !== 1) throw new Error(`expected one KMS statement, found ${statements.length}`);
  return statements[0]?.conditions ?? [];
}
