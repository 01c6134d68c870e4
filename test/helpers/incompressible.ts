/**
 * `length` characters that deflate cannot shrink much (a fixed pseudo-random sequence, the same every run):
 * run and journal items are stored compressed, so a test that must reach DynamoDB's item bound pads with this.
 */
export function incompressible(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let seed = 0x2545f491;
  let text = "";
  for (let i = 0; i < length; i++) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    text += alphabet[seed >>> 26];
  }
  return text;
}
