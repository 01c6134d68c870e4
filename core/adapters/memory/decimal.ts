/**
 * A number as DynamoDB holds it: exact decimal digits × 10^exponent. `ADD` is exact on these (DynamoDB keeps
 * 38 digits), and a read turns the sum into the nearest double only then; summing doubles instead drifts
 * from it (0.1 + 0.2, or a sum whose digits below a double's precision add up).
 */
export interface Decimal {
  digits: bigint;
  exponent: number;
}

/** The number as the SDK writes it: its shortest round-tripping decimal form. */
export function decimalOf(value: number): Decimal {
  const [mantissa = "", exponent = ""] = value.toExponential().split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  return { digits: BigInt(whole + fraction), exponent: Number(exponent) - fraction.length };
}

export function plus(a: Decimal, b: Decimal): Decimal {
  const exponent = Math.min(a.exponent, b.exponent);
  const scaled = (x: Decimal) => x.digits * 10n ** BigInt(x.exponent - exponent);
  return { digits: scaled(a) + scaled(b), exponent };
}

/** As the SDK reads it back. */
export function toNumber(value: Decimal): number {
  return Number(`${value.digits}e${value.exponent}`);
}
