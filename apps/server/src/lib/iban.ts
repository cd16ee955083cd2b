import {
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
  getCountrySpecifications,
  isSEPACountry,
  validateBIC,
  validateIBAN,
} from 'ibantools';
import { BadRequestError, coded, ValidationError, type CodedError } from './errors';

/**
 * An investor's bank account as entered by hand: with or without spaces (as printed on a card or a
 * statement, or pasted with a no-break space), in any case. Stored and put in the SEPA file in the
 * electronic form, without spaces and in capitals.
 */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * The IBAN in its electronic form, or a 400 that tells the investor what is wrong with it. ibantools
 * checks the country's length and format and the mod-97 check digits (and, for some countries, the
 * bank's own check digit). An account outside SEPA is refused too: distributions are paid by a SEPA
 * credit transfer, and an account the file cannot pay would be accepted only to go missing from it.
 */
export function parseIban(input: string): string {
  const iban = normalizeIban(input);
  const { valid, errorCodes } = validateIBAN(iban);
  if (!valid) throw new BadRequestError(ibanProblem(iban, errorCodes));
  const country = iban.slice(0, 2);
  if (!isSEPACountry(country)) {
    throw new BadRequestError(coded('investments.iban_not_sepa', { country }));
  }
  return iban;
}

/** A BIC (SWIFT code) of 8 or 11 characters, normalized like the IBAN, or a 400 that says what is wrong. */
export function parseBic(input: string): string {
  const bic = normalizeIban(input);
  if (bic === '') throw new BadRequestError(coded('investments.bic_missing'));
  const { valid, errorCodes } = validateBIC(bic);
  if (valid) return bic;
  throw new BadRequestError(
    coded(
      errorCodes.includes(ValidationErrorsBIC.NoBICCountry) && /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)
        ? 'investments.bic_no_country'
        : 'investments.bic_invalid',
      { bic },
    ),
  );
}

function ibanProblem(iban: string, errors: ValidationErrorsIBAN[]): CodedError {
  const country = iban.slice(0, 2);
  const spec = getCountrySpecifications()[country];
  if (errors.includes(ValidationErrorsIBAN.NoIBANProvided)) return coded('investments.iban_missing');
  if (errors.includes(ValidationErrorsIBAN.NoIBANCountry) || !spec?.chars) {
    return coded('investments.iban_no_country');
  }
  if (errors.includes(ValidationErrorsIBAN.WrongBBANLength)) {
    return coded('investments.iban_length', {
      country,
      expected: spec.chars,
      actual: iban.length,
    });
  }
  if (errors.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return coded('investments.iban_format', { country });
  }
  return coded('investments.iban_check_digits');
}

/** A field's own check, its 400 shown next to that field (the answer's `fields`). */
export function onField<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof BadRequestError)
      throw new ValidationError(err.code ? { code: err.code, params: err.params } : err.message, {
        [field]: err.message,
      });
    throw err;
  }
}
