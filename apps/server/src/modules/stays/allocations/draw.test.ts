import { describe, expect, it } from 'vitest';
import { drawKey, priorityOrder, runDraw, sha256Hex, type DrawParticipant } from './draw.js';

const p = (userId: string, over: Partial<DrawParticipant> = {}): DrawParticipant => ({
  userId,
  peakNightsHeld: 0,
  investedCents: 100_000_00,
  choices: [],
  nightsLeft: 100,
  ...over,
});
const stays = [
  { id: 's1', nights: 7 },
  { id: 's2', nights: 7 },
  { id: 's3', nights: 7 },
];

describe('peak allocation draw', () => {
  it('orders fewest peak nights per euro first', () => {
    const order = priorityOrder('seed', [
      p('a', { peakNightsHeld: 14, investedCents: 100_000_00 }),
      p('b', { peakNightsHeld: 7, investedCents: 100_000_00 }),
      p('c', { peakNightsHeld: 14, investedCents: 400_000_00 }), // 14/4 per unit < 7/1
    ]);
    expect(order).toEqual(['c', 'b', 'a']);
  });

  it('breaks ties by ascending sha256(seed:userId)', () => {
    const ids = ['u1', 'u2', 'u3', 'u4'];
    const order = priorityOrder(
      'abc',
      ids.map((id) => p(id)),
    );
    const expected = [...ids].sort((x, y) => (drawKey('abc', x) < drawKey('abc', y) ? -1 : 1));
    expect(order).toEqual(expected);
    expect(drawKey('abc', 'u1')).toBe(sha256Hex('abc:u1'));
    expect(drawKey('abc', 'u1')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same result twice from the same seed and preferences', () => {
    const input = {
      seed: 'x',
      stays,
      participants: [p('a', { choices: ['s1', 's2'] }), p('b', { choices: ['s1', 's3'] })],
    };
    expect(runDraw(input)).toEqual(runDraw(structuredClone(input)));
  });

  it('gives one stay per round in order', () => {
    const first = priorityOrder('r', [p('a'), p('b')])[0]!;
    const second = first === 'a' ? 'b' : 'a';
    const res = runDraw({
      seed: 'r',
      stays,
      participants: [p(first, { choices: ['s1', 's2', 's3'] }), p(second, { choices: ['s1', 's2', 's3'] })],
    });
    expect(res.assignments).toEqual([
      { userId: first, stayId: 's1' },
      { userId: second, stayId: 's2' },
      { userId: first, stayId: 's3' },
    ]);
  });

  it('assigns nothing over an allowance', () => {
    const res = runDraw({
      seed: 'z',
      stays,
      participants: [
        p('a', { choices: ['s1', 's2'], nightsLeft: 10 }),
        p('b', { choices: ['s3'], nightsLeft: 6 }),
      ],
    });
    expect(res.assignments).toEqual([{ userId: 'a', stayId: 's1' }]);
  });

  it('never gives one investor two stays sharing a night', () => {
    const sameWeek = [
      { id: 'cabin1', nights: 2, dates: ['2027-12-24', '2027-12-25'] },
      { id: 'cabin2', nights: 2, dates: ['2027-12-24', '2027-12-25'] },
      { id: 'later', nights: 1, dates: ['2027-12-26'] },
    ];
    const res = runDraw({
      seed: 'y',
      stays: sameWeek,
      participants: [p('a', { choices: ['cabin1', 'cabin2', 'later'] })],
    });
    expect(res.assignments).toEqual([
      { userId: 'a', stayId: 'cabin1' },
      { userId: 'a', stayId: 'later' },
    ]);
  });
});
