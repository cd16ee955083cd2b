import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { setLocale } from '@/lib/i18n';
import { serverFieldErrors } from './field-errors';

/** A 400 as the client builds it from the answer (its message is the answer's). */
const refusal = (body: { message: string; code: string; params?: object; fields: object }) =>
  new ApiError(body.message, 400, { success: false, error: body.message, ...body });

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
});
