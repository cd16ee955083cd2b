import { describe, expect, it } from 'vitest';
import en from '@portal/i18n/messages/en/validation.json' with { type: 'json' };
import { passwordChangeInput } from './auth';
import { fieldCodes, fieldErrors, issueCode } from './issues';
import { projectInput } from './projects';
import { createUpdateInput, MAX_UPDATE_CONTENT } from './updates';
import { rentalPriceCapMessage } from './bookings';
import { saidCode } from './validation';

/** The literal-text check of the schemas is packages/i18n/src/validation.test.ts (it reads the sources). */
describe("the contracts' validation messages", () => {
  it('have distinct English texts, so a message names its code exactly', () => {
    const texts = Object.values(en.errors);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it('keep their English words and give each field its code and params', () => {
    const update = createUpdateInput.safeParse({ title: '', content: 'x', category: 'news' }).error!.issues;
    expect(fieldErrors(update).title).toBe('Title is required');
    expect(fieldCodes(update).title).toEqual({ code: 'validation.title_is_required' });

    const password = passwordChangeInput.safeParse({ currentPassword: 'a', newPassword: 'abc' }).error!
      .issues;
    expect(fieldErrors(password)).toEqual({ newPassword: 'Password must be at least 6 characters' });
    expect(fieldCodes(password)).toEqual({
      newPassword: { code: 'validation.password_too_short', params: { min: 6 } },
    });
  });

  it('keep amounts and counts raw in the params, and write them in English as the formatters do', () => {
    const content = createUpdateInput.safeParse({
      title: 'T',
      content: 'x'.repeat(MAX_UPDATE_CONTENT + 1),
      category: 'news',
    }).error!.issues;
    expect(fieldErrors(content).content).toBe('Content must be at most 100,000 characters');
    expect(fieldCodes(content).content).toEqual({
      code: 'validation.content_too_long',
      params: { max: MAX_UPDATE_CONTENT },
    });
    expect(rentalPriceCapMessage(250.5)).toBe('The rental price can be at most €250.50 a night');
    expect(rentalPriceCapMessage(10_000)).toBe('The rental price can be at most €10,000 a night');
    expect(saidCode(rentalPriceCapMessage(250.5))).toEqual({
      code: 'validation.rental_price_at_most',
      params: { max: 250.5 },
    });
  });

  it("code a labelled message by its fragment and zod's own problems by their kind", () => {
    const project = projectInput.safeParse({ name: '', totalInvestment: -5 }).error!.issues;
    expect(fieldErrors(project)).toMatchObject({
      name: 'Name is required',
      totalInvestment: 'Total investment cannot be negative',
    });
    expect(fieldCodes(project)).toMatchObject({
      name: { code: 'validation.required' },
      totalInvestment: { code: 'validation.negative' },
    });
    expect(issueCode({ code: 'too_big', origin: 'string', maximum: 80, path: ['x'], message: '' })).toEqual({
      code: 'validation.too_long',
      params: { max: 80 },
    });
    expect(issueCode({ code: 'custom', path: ['x'], message: 'Some text of no code' })).toEqual({
      code: 'validation.invalid',
    });
  });
});
