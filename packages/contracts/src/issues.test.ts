import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, fieldLabel, issueText, issuesMessage, nulIssues } from './issues';
import { projectInput } from './projects';
import { createUserInput } from './users';

const RAW = /Too small|Too big|expected number|Invalid input|^\w+: /;

describe('validation problems in words', () => {
  it('labels property names as words', () => {
    expect(fieldLabel('totalInvestment')).toBe('Total investment');
    expect(fieldLabel('annualROI')).toBe('Annual ROI');
    expect(fieldLabel('projectId')).toBe('Project ID');
    expect(fieldLabel('dateOfBirth')).toBe('Date of birth');
    expect(fieldLabel('name')).toBe('Name');
  });

  it('says a negative total cannot be negative, by field, not in zod’s words', () => {
    const issues = projectInput.safeParse({ name: 'A', totalInvestment: -5 }).error!.issues;
    expect(fieldErrors(issues)).toEqual({ totalInvestment: 'Total investment cannot be negative' });
    expect(issuesMessage(issues)).toBe('Total investment cannot be negative');
  });

  it('rewrites contract messages that start with a property name, keeps messages written for people', () => {
    const issues = projectInput.safeParse({
      name: '',
      investmentPeriod: 0,
      annualROI: 'x',
      totalReturned: 'a',
    }).error!.issues;
    expect(fieldErrors(issues)).toEqual({
      name: 'Name is required',
      investmentPeriod: 'Investment period must be between 1 and 600 months',
      annualROI: 'Annual ROI must be a number such as 8.5',
      totalReturned: 'Total returned must be a number',
    });
    for (const text of Object.values(fieldErrors(issues))) expect(text).not.toMatch(RAW);
    expect(
      createUserInput
        .safeParse({ name: 'N', email: 'x', password: 'secret1' })
        .error!.issues.map((i) => issueText(i)),
    ).toContain('Invalid email format');
  });

  it('words zod’s own messages for every kind of problem', () => {
    const schema = z.object({
      count: z.number().int().min(1).max(10),
      title: z.string().min(3).max(5),
      email: z.email(),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(1),
      userId: z.uuid(),
    });
    const issues = schema.safeParse({ count: 20, title: 'ab', email: 'no', kind: 'c', tags: [], userId: 'x' })
      .error!.issues;
    expect(fieldErrors(issues)).toEqual({
      count: 'Count must be at most 10',
      title: 'Title must be at least 3 characters',
      email: 'Email must be a valid email address',
      kind: 'Kind must be one of a, b',
      tags: 'Tags needs at least one item',
      userId: 'User ID must be a valid id',
    });
    expect(fieldErrors(schema.safeParse({}).error!.issues).count).toBe('Count is required');
  });
});

describe('text with U+0000', () => {
  it('is a problem of each string or key holding it, by field, in words; other values pass', () => {
    const input = {
      name: 'Emma',
      holder: 'Emma\u0000',
      tags: ['a', 'b\u0000'],
      weights: { 'k\u0000': 1 },
      when: new Date(0),
      n: 0,
    };
    expect(fieldErrors(nulIssues(input))).toEqual({
      holder: 'Holder cannot contain a null character (U+0000)',
      tags: 'Tags cannot contain a null character (U+0000)',
      weights: 'Weights cannot contain a null character (U+0000)',
    });
    expect(issuesMessage(nulIssues('\u0000'), 'The address')).toBe(
      'The address cannot contain a null character (U+0000)',
    );
    expect(nulIssues({ name: 'Emma', list: [1, 'x', null], nested: { ok: '\u0001' } })).toEqual([]);
  });
});
