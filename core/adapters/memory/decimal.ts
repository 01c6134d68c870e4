/**
 * DynamoDB's `ADD` on a number: exact decimal arithmetic on the numbers as written (their shortest decimal
 * form), read back as the nearest double. Adding in floating point would drift from it (0.1 + 0.2).
 */
export function addAsDynamoDb(a: number, b: number): number {
  const x = decimal(a);
  const y = decimal(b);
  const exponent = Math.min(x.exponent, y.exponent);
  const sum =
    x.digits * 10n ** BigInt(x.exponent - exponent) + y.digits * 10n ** BigInt(y.exponent - exponent);
  return Number(`${sum}e${exponent}`);
}

/** `value` as digits × 10^exponent, from its shortest round-tripping decimal form. */
function decimal(value: number): { digits: bigint; exponent: number } {
  const [mantissa = "", exponent = ""] = value.toExponential().split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  return { digits: BigInt(whole + fraction), exponent: Number(exponent) - fraction.length };
}
