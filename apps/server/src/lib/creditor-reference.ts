/**
 * Structured creditor references (ISO 11649, "RF references"): `RF`, two check digits and a body of 1
 * to 21 letters and digits, e.g. `RF18 5390 0754 7034`. A payer's bank carries the reference to the
 * payee unchanged, in the structured remittance information of a SEPA credit transfer, so a capital
 * call's payment can be matched to its line without reading free text.
 *
 * The check digits are ISO 7064 MOD 97-10, as in an IBAN: the body followed by `RF00`, letters as
 * numbers (A = 10 … Z = 35), gives a remainder r modulo 97, and the check digits are 98 − r; a reference
 * is valid when its body followed by its first four characters leaves 1.
 */

const BODY = /^[A-Z0-9]{1,21}$/;

/** The number a string of letters and digits stands for in MOD 97-10, reduced modulo 97 piece by piece. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = (rest * (n >= 10 ? 100 : 10) + n) % 97;
  }
  return rest;
}

/** The electronic form: no spaces, capitals. */
export const compactReference = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** The creditor reference of `body` (letters and digits, at most 21): 'RF' + its check digits + body. */
export function creditorReference(body: string): string {
  const b = compactReference(body);
  if (!BODY.test(b))
    throw new RangeError(`A creditor reference's body is 1 to 21 letters or digits, not "${body}"`);
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/** Whether `input` (spaces and case aside) is a valid creditor reference. */
export function isCreditorReference(input: string): boolean {
  const r = compactReference(input);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  return mod97(`${r.slice(4)}${r.slice(0, 4)}`) === 1;
}

/** A reference as printed for people: in groups of four (`RF18 5390 0754 7034`). */
export const printedReference = (reference: string): string =>
  compactReference(reference).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The valid creditor references written anywhere in a free text (an unstructured remittance line such as
 * "Capital call RF18 5390 0754 7034 Tatra"), each in its electronic form, in the order found. A payer who
 * types the reference into the free-text field instead of the reference field is still matched. A
 * reference is either one word (`RF18539007547034`) or printed in groups of at most four (`RF18 5390 0754
 * 7034`); of the groups that follow, the longest run that makes a valid reference is taken, so the word
 * after it is not swallowed. A candidate whose check digits fail is not a reference.
 */
export function referencesIn(text: string): string[] {
  const words = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const found: string[] = [];
  words.forEach((word, i) => {
    if (!/^RF\d{2}/.test(word)) return;
    let best = isCreditorReference(word) ? word : undefined;
    let joined = word;
    // Printed in groups: 'RF18' then groups of one to four.
    for (
      let j = i + 1;
      j < words.length && words[j]!.length <= 4 && joined.length + words[j]!.length <= 25;
      j++
    ) {
      joined += words[j];
      if (isCreditorReference(joined)) best = joined;
    }
    if (best && !found.includes(best)) found.push(best);
  });
  return found;
}
