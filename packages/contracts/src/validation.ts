import messages from '@portal/i18n/messages/en/validation.json' with { type: 'json' };

/**
 * The contracts' validation messages by code (issue 33). Each message is a key of the `validation`
 * namespace (`validation:errors.<name>`, code `validation.<name>`, like every coded API error); the
 * schemas take their English text from the English message file (`says`), so the text exists once and
 * what a schema said maps back to its code and params exactly (`issueCode`). The server adds the codes
 * to its 400 answers (`fieldCodes`), and the web app words them in the user's language.
 */
type Names = keyof typeof messages.errors;
export type ValidationCode = `validation.${Names}`;
export type ValidationParams = Record<string, string | number>;

/** A field's problem by its code (`fieldCodes` of a 400 answer, docs/product.md §4). */
export interface FieldCode {
  code: ValidationCode;
  params?: ValidationParams;
}

const said = new Map<string, FieldCode>();

/**
 * 1234567 -> '1,234,567', 250.5 -> '250.50' (cents only when there are any): English's grouping, as the
 * i18n formatters write it, without setting up Intl when the schemas are built (the sign-in page's budget).
 */
function grouped(n: number, cents: 'when-any' | 'never'): string {
  const [whole, decimals] = Math.abs(n)
    .toFixed(cents === 'never' ? 0 : 2)
    .split('.');
  const text = `${n < 0 ? '−' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  return decimals && decimals !== '00' ? `${text}.${decimals}` : text;
}

/** A param as English writes it for a message's format: `money` (€1,234.50, €14), `number` (100,000). */
function englishValue(value: string | number, format: string | undefined): string {
  if (typeof value !== 'number' || !format) return String(value);
  if (format === 'money') {
    const text = grouped(value, 'when-any');
    return text.startsWith('−') ? `-€${text.slice(1)}` : `€${text}`;
  }
  if (format === 'number') return Number.isInteger(value) ? grouped(value, 'never') : String(value);
  return String(value);
}

/**
 * The English message of a code: {{name}} replaced by its param, and {{name, money}} / {{name, number}} by
 * the raw number written as the shared formatters write it in English (other languages word the same
 * params their own way, packages/i18n/src/formatters.ts).
 */
function englishOf(code: ValidationCode, params?: ValidationParams): string {
  const template = (messages.errors as Record<string, string>)[code.slice('validation.'.length)] ?? code;
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (m, name: string, format?: string) =>
    params && name in params ? englishValue(params[name]!, format) : m,
  );
}

function remember(text: string, code: ValidationCode, params?: ValidationParams): string {
  if (!said.has(text)) said.set(text, params ? { code, params } : { code });
  return text;
}

/** A schema's message: the English text of `code`, remembered so `issueCode` finds the code again. */
export const says = (code: ValidationCode, params?: ValidationParams): string =>
  remember(englishOf(code, params), code, params);

/**
 * A message about a labelled field ('Amount must be a number'): the label, then the code's English text
 * (a fragment, 'must be a number'). Other languages word the code alone: the form shows it at its field.
 */
export const labelled = (label: string, code: ValidationCode, params?: ValidationParams): string =>
  remember(`${label} ${englishOf(code, params)}`, code, params);

/** The code of a message a schema said (`says`, `labelled`), or undefined for any other text. */
export const saidCode = (message: string): FieldCode | undefined => said.get(message.trim());
