import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@portal/i18n/messages/en/validation.json' with { type: 'json' };
import { passwordChangeInput } from './auth';
import { fieldCodes, fieldErrors, issueCode } from './issues';
import { projectInput } from './projects';
import { createUpdateInput } from './updates';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The contracts' source files (not the tests), with their endpoints. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** A schema message written as a literal text instead of a code (`says('validation.…')`). */
const LITERAL_MESSAGES = [
  /\b(error|message)\s*:\s*['"`]/,
  /\.(min|max|length|gt|gte|lt|lte|positive|negative|nonnegative|int|finite|regex|refine|superRefine|multipleOf)\([^()]*(\([^()]*\))?[^()]*,\s*['"`]/,
];

describe("the contracts' validation messages", () => {
  it('are all codes of the validation messages: no schema writes its English text itself', () => {
    const literal = sources(here).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [`${path.relative(here, file)}:${i + 1}`, line] as const)
        .filter(([, line]) => LITERAL_MESSAGES.some((re) => re.test(line)))
        .map(([where, line]) => `${where}: ${line.trim()}`),
    );
    expect(literal).toEqual([]);
  });

  it('have distinct English texts, so a message names its code exactly', () => {
    const texts = Object.values(en.errors);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it('keep their English words and give each field its code and params', () => {
    const update = createUpdateInput.safeParse({ title: '', content: 'x', category: 'news' }).error!.issues;
    expect(fieldErrors(update).title).toBe('Title is required');
    expect(fieldCodes(update).title).toEqual({ code: 'validation.title_is_required' });

    const password = passwordChangeInput.safeParse({ currentPassword: 'a', newPassword: 'abc' }).error!.issues;
    expect(fieldErrors(password)).toEqual({ newPassword: 'Password must be at least 6 characters' });
    expect(fieldCodes(password)).toEqual({
      newPassword: { code: 'validation.password_too_short', params: { min: 6 } },
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
