/**
 * Annualized internal rate of return of dated cash flows, as Excel's XIRR computes it: the rate r at
 * which Σ amount_i / (1 + r)^((day_i − day_0) / 365) is zero (Actual/365, day_0 the earliest flow).
 *
 * Written here rather than taken from npm: `xirr` has no types and no release since 2024;
 * `@webcarrot/xirr` (a LibreOffice port, two releases) throws a TypeError on an empty list and plain
 * errors where the performance figures need `null`, and when Newton fails it only retries Newton from
 * other guesses, without bracketing the root; `financial` has only the periodic IRR.
 */

/** One dated flow: negative when the investor pays in, positive when they are paid. */
export interface CashFlow {
  /** ISO calendar date, `YYYY-MM-DD`. */
  date: string;
  amount: number;
}

const DAY_MS = 86_400_000;
/** Excel stops within 0.000001 %; we ask for more, and check the answer before returning it. */
const NEWTON_TOLERANCE = 1e-12;
const NEWTON_STEPS = 50;
/**
 * Rates are searched as x = ln(1 + r), from 1 + r = 10^-6 to 10^6: the rate is above −100 % by
 * definition, and beyond a hundred-million percent no figure means anything. The fallback scans x in even
 * steps for a sign change of the NPV, so −99.9 % and +1,000 % are searched as finely as 5 % and 10 %.
 */
const X_FROM = Math.log(1e-6);
const X_TO = Math.log(1e6);
const SCAN_STEP = 0.005;
/** Excel's default guess, 10 %. */
const X_GUESS = Math.log1p(0.1);

/**
 * The rate as a fraction (0.085 is 8.5 % a year), or `null` when there is none to give: no flows,
 * flows all of one sign, flows whose NPV never crosses zero, or a root the method cannot pin down. A
 * figure that cannot be computed is shown as such, never as a wrong number.
 *
 * When flows change sign more than once there can be several rates; like Excel, this gives the one
 * Newton's method reaches from 10 %, else the one the scan meets first going outward from 10 %.
 */
export function xirr(flows: readonly CashFlow[]): number | null {
  const dated = flows.filter((f) => f.amount !== 0).map((f) => ({ day: toDay(f.date), amount: f.amount }));
  if (!dated.some((f) => f.amount > 0) || !dated.some((f) => f.amount < 0)) return null;

  // Which day counts as day 0 moves the NPV by a positive factor only, so the roots stay the same.
  const first = dated.reduce((min, f) => Math.min(min, f.day), Infinity);
  const terms = dated.map((f) => ({ years: (f.day - first) / 365, amount: f.amount }));
  // Flows all on one day have an NPV that no rate changes: no rate, or every rate, solves it.
  if (terms.every((t) => t.years === 0)) return null;

  // In x = ln(1 + r), (1 + r)^−t is e^(−t·x): a sum of exponentials, defined for every x, so Newton never
  // steps out of the domain. Plain loops over typed arrays: the fallback's scan evaluates it thousands of
  // times, and a statement computes it for every investor.
  const years = Float64Array.from(terms, (t) => t.years);
  const amounts = Float64Array.from(terms, (t) => t.amount);
  const npv = (x: number) => {
    let total = 0;
    for (let i = 0; i < years.length; i++) total += amounts[i]! * Math.exp(-years[i]! * x);
    return total;
  };
  const slope = (x: number) => {
    let total = 0;
    for (let i = 0; i < years.length; i++) total -= years[i]! * amounts[i]! * Math.exp(-years[i]! * x);
    return total;
  };
  const size = (x: number) => {
    let total = 0;
    for (let i = 0; i < years.length; i++) total += Math.abs(amounts[i]!) * Math.exp(-years[i]! * x);
    return total;
  };
  // Newton can stop on a flat stretch that is not a root, so every answer is checked: its NPV must be zero
  // up to the rounding of a sum whose terms are this large (near −100 % they reach 10^14 times the amounts).
  const isRoot = (x: number | null): x is number =>
    x !== null && x >= X_FROM && x <= X_TO && Math.abs(npv(x)) <= 1e-9 * size(x);

  const fromNewton = newton(npv, slope);
  if (isRoot(fromNewton)) return Math.expm1(fromNewton);
  const fromScan = scanAndBisect(npv);
  return isRoot(fromScan) ? Math.expm1(fromScan) : null;
}

function newton(npv: (x: number) => number, slope: (x: number) => number): number | null {
  let x = X_GUESS;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const next = x - npv(x) / slope(x);
    if (!Number.isFinite(next)) return null;
    if (Math.abs(next - x) <= NEWTON_TOLERANCE) return next;
    x = next;
  }
  return null;
}

/**
 * Looks for a sign change step by step outward from the guess, alternating above and below, so that with
 * several roots it finds the one nearest 10 %, then narrows it down by bisection.
 */
function scanAndBisect(npv: (x: number) => number): number | null {
  const lowest = Math.ceil((X_FROM - X_GUESS) / SCAN_STEP);
  const highest = Math.floor((X_TO - X_GUESS) / SCAN_STEP);
  // Each grid point is evaluated once, though it ends two intervals.
  const values = new Float64Array(highest - lowest + 1).fill(NaN);
  const at = (i: number) => {
    if (Number.isNaN(values[i - lowest]!)) values[i - lowest] = npv(X_GUESS + i * SCAN_STEP);
    return values[i - lowest]!;
  };
  for (let k = 0; k < Math.max(-lowest, highest); k++) {
    for (const i of [k, -k - 1]) {
      if (i < lowest || i + 1 > highest) continue;
      const [fLo, fHi] = [at(i), at(i + 1)];
      if (Number.isFinite(fLo) && Number.isFinite(fHi) && Math.sign(fLo) * Math.sign(fHi) <= 0) {
        return bisect(npv, X_GUESS + i * SCAN_STEP, X_GUESS + (i + 1) * SCAN_STEP, fLo);
      }
    }
  }
  return null;
}

/** Halves [lo, hi], whose ends have NPVs of opposite signs, until no double lies between them. */
function bisect(npv: (x: number) => number, lo: number, hi: number, fLo: number): number {
  if (fLo === 0) return lo;
  for (;;) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) return mid;
    const fMid = npv(mid);
    if (fMid === 0) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) [lo, fLo] = [mid, fMid];
    else hi = mid;
  }
}

function toDay(date: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new Error(`Not a calendar date: ${date}`);
  }
  return Math.round(ms / DAY_MS);
}
