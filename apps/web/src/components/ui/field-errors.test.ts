import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { setLocale } from '@/lib/i18n';
import { rentalPriceCapMessage, rentalSettingsInput } from '@portal/contracts';
import { schemaFieldErrors, serverFieldErrors } from './field-errors';

/** A 400 as the client builds it from the answer (its message is the answer's). */
const refusal = (body: {
  message: string;
  code: string;
  params?: object;
  fields: object;
  fieldCodes?: object;
}) => new ApiError(body.message, 400, { success: false, error: body.message, ...body });

describe('serverFieldErrors', () => {
  it("says a field's refusal with a code of its own in the page's language", async () => {
    const err = refusal({
      message: 'NOPE is not a BIC: a BIC has 8 or 11 letters and digits, such as NDEAFIHH',
      code: 'investments.bic_invalid',
      params: { bic: 'NOPE' },
      fields: { bic: 'NOPE is not a BIC: a BIC has 8 or 11 letters and digits, such as NDEAFIHH' },
    });
    expect(serverFieldErrors(err)).toEqual({
      bic: 'NOPE is not a BIC: a BIC has 8 or 11 letters and digits, such as NDEAFIHH',
    });
    await setLocale('de');
    expect(serverFieldErrors(err)).toEqual({
      bic: 'NOPE ist keine BIC: Eine BIC hat 8 oder 11 Buchstaben und Ziffern, zum Beispiel NDEAFIHH',
    });
  });

  it("keeps a schema's field problems as they came (they have no code each)", async () => {
    await setLocale('de');
    const fields = { name: 'Name is required', amount: 'Amount cannot be negative' };
    expect(
      serverFieldErrors(refusal({ message: 'Name is required', code: 'common.validation', fields })),
    ).toEqual(fields);
    expect(serverFieldErrors(new Error('network'))).toEqual({});
  });

  it("says a schema's field problems in the page's language by their codes (fieldCodes)", async () => {
    const err = refusal({
      message: 'Title is required',
      code: 'common.validation',
      fields: { title: 'Title is required', content: 'Content must be at most 100000 characters', x: 'Odd' },
      fieldCodes: {
        title: { code: 'validation.title_is_required' },
        content: { code: 'validation.content_too_long', params: { max: 100000 } },
        x: { code: 'validation.no_such_code' },
      },
    });
    expect(serverFieldErrors(err)).toEqual({
      title: 'Title is required',
      content: 'Content must be at most 100000 characters',
      x: 'Odd',
    });
    await setLocale('de');
    expect(serverFieldErrors(err)).toEqual({
      title: 'Der Titel ist erforderlich',
      content: 'Der Inhalt darf höchstens 100.000 Zeichen lang sein',
      // A code the page has no words for keeps the English text.
      x: 'Odd',
    });
    await setLocale('nb');
    expect(serverFieldErrors(err).title).toBe('Tittel må fylles ut');
  });

  it('writes the amounts and numbers of a field problem as the language does (raw params, formatted)', async () => {
    const cap = rentalPriceCapMessage(250.5);
    const err = refusal({
      message: cap,
      code: 'common.validation',
      fields: { rentalPrice: cap },
      fieldCodes: { rentalPrice: { code: 'validation.rental_price_at_most', params: { max: 250.5 } } },
    });
    expect(cap).toBe('The rental price can be at most €250.50 a night');
    expect(serverFieldErrors(err)).toEqual({ rentalPrice: cap });
    const tooHigh = { rentalPriceCap: 1_000_001 };
    expect(schemaFieldErrors(rentalSettingsInput, tooHigh)).toEqual({
      rentalPriceCap: 'Rental price cap must be at most €1,000,000',
    });

    await setLocale('de');
    expect(plain(serverFieldErrors(err).rentalPrice)).toBe(
      'Der Mietpreis darf höchstens 250,50 € pro Nacht betragen',
    );
    expect(plain(schemaFieldErrors(rentalSettingsInput, tooHigh).rentalPriceCap)).toBe(
      'Die Mietpreisgrenze darf höchstens 1.000.000 € betragen',
    );
    await setLocale('nb');
    expect(plain(serverFieldErrors(err).rentalPrice)).toBe('Leieprisen kan være høyst 250,50 € per natt');
  });
});

/** Intl's no-break spaces as spaces. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
