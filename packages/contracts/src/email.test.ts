import { describe, expect, it } from 'vitest';
import { createBookingInput } from './bookings';
import { EMAIL_INVISIBLE_MESSAGE, EMAIL_MIXED_SCRIPT_MESSAGE, emailProblem } from './email';
import { validateNewUser } from './users';

describe('emailProblem', () => {
  it('names invisible and control characters', () => {
    for (const email of ['investor@example.com\u200B', 'in\u00ADvestor@example.com', 'a\u0000b@example.com'])
      expect(emailProblem(email)).toBe(EMAIL_INVISIBLE_MESSAGE);
  });

  it('names letters of two scripts in one part, and takes one script per part', () => {
    for (const email of ['\u0430dmin@example.com', '\u0456nvestor@example.com', 'investor@ex\u0430mple.com'])
      expect(emailProblem(email)).toBe(EMAIL_MIXED_SCRIPT_MESSAGE);
    for (const email of ['investor@example.com', 'иван@пример.рф', 'ivan@пример.рф', 'たなか山田@example.jp'])
      expect(emailProblem(email)).toBeNull();
  });

  it('is what the add-user form shows', () => {
    const form = { name: 'Nora', password: 'Kestrel-Harbour-42', investorId: 'INV-2026-ABCDEF' };
    expect(validateNewUser({ ...form, email: 'nora@ex\u0430mple.com' })).toBe(EMAIL_MIXED_SCRIPT_MESSAGE);
  });

  it('guards the gift recipient too', () => {
    const res = createBookingInput.safeParse({
      projectId: '00000000-0000-4000-8000-000000000000',
      type: 'gift',
      dates: ['2030-01-01'],
      giftRecipient: 'friend@example.com\u200B',
    });
    expect(res.error?.issues[0]?.message).toBe(EMAIL_INVISIBLE_MESSAGE);
  });
});
