import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';

/**
 * The strength estimate behind the password hint: zxcvbn-ts with its common dictionaries (~400 kB),
 * loaded only when a password is first typed (see password-strength.tsx), never on the first load.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const common = new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD_LENGTH));

export interface Estimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** In the list the server refuses (the same list, without case). */
  common: boolean;
}

/** An email or a name, and each of its words and its local part, as zxcvbn's user inputs. */
function guessable(inputs: string[]): string[] {
  const words = inputs.flatMap((v) => [v, v.split('@')[0]!, ...v.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
}

export function estimate(password: string, userInputs: string[] = []): Estimate {
  return {
    score: zxcvbn.check(password.slice(0, 100), guessable(userInputs)).score,
    common: common.has(password.toLowerCase()),
  };
}
