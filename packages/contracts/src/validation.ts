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

/** The English message of a code ({{name}} replaced by its param). */
function englishOf(code: ValidationCode, params?: ValidationParams): string {
  const template = (messages.errors as Record<string, string>)[code.slice('validation.'.length)] ?? code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    params && name in params ? String(params[name]) : m,
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
