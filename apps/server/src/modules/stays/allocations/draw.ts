/**
 * Peak allocation draw (issue 35, ADR 029): a pure function anyone can run again.
 * Given the seed, each investor's peak nights held and euros invested, their ranked
 * preferences and how many more stays each may take, it returns the order and the
 * assignments. No database, no clock, no randomness besides the seed.
 */
import { createHash } from 'node:crypto';

interface DrawStay {
  id: string;
  nights: number;
  /** Its nights ('YYYY-MM-DD'): an investor never gets two stays sharing a night. */
  dates?: readonly string[];
}
export interface DrawParticipant {
  userId: string;
  /** approved high-season nights of the project, current and two previous calendar years */
  peakNightsHeld: number;
  /** euros invested in the project, in cents (> 0) */
  investedCents: number;
  /** stay ids, highest-ranked first */
  choices: string[];
  /** nights the investor may still take (nights allowance and high-season limit, the lower) */
  nightsLeft: number;
}
export interface DrawInput {
  seed: string;
  stays: DrawStay[];
  participants: DrawParticipant[];
}
export interface DrawResult {
  order: string[];
  assignments: { userId: string; stayId: string }[];
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The tie-break key: sha256(seed + ':' + userId), lowercase hex. */
export function drawKey(seed: string, userId: string): string {
  return sha256Hex(`${seed}:${userId}`);
}

/**
 * Fewest peak nights per euro first, compared exactly by cross-multiplication
 * (a/b < c/d  <=>  a*d < c*b, with BigInt), then ascending draw key.
 */
export function priorityOrder(seed: string, participants: DrawParticipant[]): string[] {
  const keyed = participants.map((p) => ({ p, key: drawKey(seed, p.userId) }));
  keyed.sort((x, y) => {
    const lhs = BigInt(x.p.peakNightsHeld) * BigInt(Math.max(1, y.p.investedCents));
    const rhs = BigInt(y.p.peakNightsHeld) * BigInt(Math.max(1, x.p.investedCents));
    if (lhs !== rhs) return lhs < rhs ? -1 : 1;
    return x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
  });
  return keyed.map((k) => k.p.userId);
}

export function runDraw(input: DrawInput): DrawResult {
  const order = priorityOrder(input.seed, input.participants);
  const byId = new Map(input.participants.map((p) => [p.userId, p]));
  const stayNights = new Map(input.stays.map((s) => [s.id, s.nights]));
  const datesOf = new Map(input.stays.map((s) => [s.id, s.dates ?? []]));
  const held = new Map(input.participants.map((p) => [p.userId, new Set<string>()]));
  const free = new Set(input.stays.map((s) => s.id));
  const left = new Map(input.participants.map((p) => [p.userId, p.nightsLeft]));
  const assignments: DrawResult['assignments'] = [];
  let assignedThisRound = true;
  while (assignedThisRound && free.size > 0) {
    assignedThisRound = false;
    for (const userId of order) {
      const p = byId.get(userId)!;
      const mine = held.get(userId)!;
      const pick = p.choices.find(
        (id) =>
          free.has(id) &&
          (stayNights.get(id) ?? Infinity) <= left.get(userId)! &&
          !datesOf.get(id)!.some((d) => mine.has(d)),
      );
      if (!pick) continue;
      for (const d of datesOf.get(pick)!) mine.add(d);
      free.delete(pick);
      left.set(userId, left.get(userId)! - stayNights.get(pick)!);
      assignments.push({ userId, stayId: pick });
      assignedThisRound = true;
    }
  }
  return { order, assignments };
}
