import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const contracts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contracts/src');

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

describe("the contracts' schemas", () => {
  it('word every validation message by a code of the validation namespace, none as a literal text', () => {
    const literal = sources(contracts).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [`${path.relative(contracts, file)}:${i + 1}`, line] as const)
        .filter(([, line]) => LITERAL_MESSAGES.some((re) => re.test(line)))
        .map(([where, line]) => `${where}: ${line.trim()}`),
    );
    expect(literal).toEqual([]);
  });
});
