import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { setLocale } from '@/lib/i18n';
import { serverFieldErrors } from './field-errors';

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
      content: 'Der Inhalt darf höchstens 100000 Zeichen lang sein',
      // A code the page has no words for keeps the English text.
      x: 'Odd',
    });
    await setLocale('nb');
    expect(serverFieldErrors(err).title).toBe('Tittel må fylles ut');
  });
});
