import { describe, expect, it } from 'vitest';
import { createUserInput, opportunityInput, perkInput, projectInput } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { contractResolver } from './contract-resolver';
import { schemaFieldErrors } from './field-errors';

const options = { fields: {}, shouldUseNativeValidation: false } as never;

/** The resolver's message of each field, as the form shows them. */
async function messages(schema: Parameters<typeof contractResolver>[0], body: Record<string, unknown>) {
  const result = await contractResolver<Record<string, unknown>>(
    schema,
    (v) => v,
    () => true,
  )(body, undefined, options);
  return Object.fromEntries(
    Object.entries(result.errors).map(([k, e]) => [k, (e as { message?: string }).message]),
  );
}

describe('contractResolver', () => {
  it.each([
    ['project', projectInput, { name: '', totalInvestment: -5, investmentPeriod: 0, annualROI: 'x' }],
    ['perk', perkInput, { name: 'Sauna', type: 'nope', status: 'active', discount: 'x'.repeat(300) }],
    ['user', createUserInput, { name: '', email: 'not-an-email', password: '1', investorId: '' }],
    [
      'opportunity',
      opportunityInput,
      {
        openForInterest: true,
        targetAmount: '5000',
        currentCommitments: '0',
        minimumInvestment: '600',
        maximumInvestment: '500',
        projectedAnnualROI: '-1',
        expectedLaunch: null,
        features: [],
      },
    ],
  ])('says each field’s problem in the words the API answers with (%s)', async (_, schema, body) => {
    const expected = schemaFieldErrors(schema, body);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(await messages(schema, body)).toEqual(expected);
  });

  it('says the problems in German by their codes, the same as the schema check of the form', async () => {
    await setLocale('de');
    const body = { name: '', totalInvestment: -5, investmentPeriod: 0 };
    const shown = await messages(projectInput, body);
    expect(shown).toEqual({
      name: 'Bitte füllen Sie dieses Feld aus',
      totalInvestment: 'Der Wert darf nicht negativ sein',
      investmentPeriod: 'Die Investitionsdauer muss zwischen 1 und 600 Monaten liegen',
    });
    expect(schemaFieldErrors(projectInput, body)).toEqual(shown);
    // The total's problem is zod's own (no message of the contract); a message with a variable:
    const user = await messages(createUserInput, { name: 'Emma', email: 'emma@example.com', password: '1' });
    expect(user.password).toBe('Das Passwort muss mindestens 6 Zeichen lang sein');
  });

  it('reports only the fields on screen, and nothing when the body is valid', async () => {
    const body = { name: '', email: 'x', password: '', investorId: '' };
    const result = await contractResolver<Record<string, unknown>>(
      createUserInput,
      (v) => v,
      (name) => name === 'email',
    )(body, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['email']);
    const ok = {
      name: 'Emma',
      email: 'emma@example.com',
      password: 'Tr0ub4dor&3-long',
      investorId: 'INV-2025-ABC123',
    };
    const valid = await contractResolver<Record<string, unknown>>(
      createUserInput,
      (v) => v,
      () => true,
    )(ok, undefined, options);
    expect(valid).toEqual({ values: ok, errors: {} });
  });
});
