const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** INV-{year}-{6 random uppercase alphanumerics} (docs/product.md §19). */
export function generateInvestorId(
  year = new Date().getFullYear(),
  random: (n: number) => Uint8Array = randomBytes,
): string {
  const bytes = random(6);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b % ALPHABET.length];
  return `INV-${year}-${suffix}`;
}

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}
