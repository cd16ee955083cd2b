import { BadRequestError, coded, type CodedError } from './errors';

/** One investor's position in a project: the sum of what they invested in it, in whole cents. */
export interface Holding {
  investorId: string;
  investedCents: number;
}

export interface Allocation {
  investorId: string;
  amountCents: number;
}

/**
 * Splits `amountCents` over the holders pro rata to what each invested, in whole cents, so that the
 * allocations add up to the amount exactly (the fund's books must reconcile to the cent).
 *
 * Largest-remainder method: each holder first gets the floor of their exact share; the cents that
 * flooring left over go one each to the holders with the largest remainders. Equal remainders are
 * broken by investor ID in ascending code-unit order (plain `<`, not locale collation, so the result
 * does not depend on the server's locale). Each allocation is therefore within one cent of the exact
 * share, and the same input always gives the same split.
 *
 * The arithmetic is done in BigInt: amount × invested reaches 10^24 for a €10bn distribution, far past
 * the 2^53 that a double holds exactly. Allocations come back in the order of `holdings`.
 */
export function allocateProRata(amountCents: number, holdings: readonly Holding[]): Allocation[] {
  assertCents(amountCents, coded('distributions.amount_not_cents'));
  if (holdings.length === 0) throw new BadRequestError(coded('distributions.nobody_holds'));
  const seen = new Set<string>();
  for (const h of holdings) {
    // Two rows for one investor would pay them twice; the caller sums an investor's investments first.
    if (seen.has(h.investorId))
      throw new BadRequestError(coded('distributions.investor_twice', { investor: h.investorId }));
    seen.add(h.investorId);
    assertCents(h.investedCents, coded('distributions.invested_not_cents', { investor: h.investorId }));
  }

  const amount = BigInt(amountCents);
  const invested = holdings.map((h) => BigInt(h.investedCents));
  const total = invested.reduce((sum, x) => sum + x, 0n);
  if (total === 0n) throw new BadRequestError(coded('distributions.nobody_invested'));

  const floors = invested.map((x) => (amount * x) / total);
  const remainders = invested.map((x) => (amount * x) % total);
  let leftover = Number(amount - floors.reduce((sum, x) => sum + x, 0n));

  // Fewer leftover cents than holders with a remainder, so each gets at most one.
  const order = holdings.map((_, i) => i);
  order.sort((a, b) => {
    const byRemainder = remainders[b]! - remainders[a]!;
    if (byRemainder !== 0n) return byRemainder > 0n ? 1 : -1;
    const idA = holdings[a]!.investorId;
    const idB = holdings[b]!.investorId;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  for (const i of order) {
    if (leftover === 0) break;
    floors[i]! += 1n;
    leftover--;
  }

  return holdings.map((h, i) => ({ investorId: h.investorId, amountCents: Number(floors[i]) }));
}

function assertCents(value: number, refusal: CodedError): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new BadRequestError(refusal);
  }
}
