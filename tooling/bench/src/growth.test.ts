// The clock-free growth guard for every public entry point that takes text: each case of
// growth-cases.ts is run on its adversarial input at n, 2n and 4n characters with the scanning
// methods counted (count-work.ts), and the work may at most multiply by 2.5 per doubling.
// A case with a `knownDefect` is super-linear today and is expected to fail (`test.fails`): when
// the fix lands, that test starts "failing" as a reminder — delete the case's `knownDefect`.
import * as cli from '@parley/cli';
import * as core from '@parley/core';
import * as dispatch from '@parley/dispatch/guards';
import * as envelope from '@parley/envelope';
import * as negotiation from '@parley/negotiation';
import * as redaction from '@parley/redaction';
import * as telegram from '@parley/telegram';
import * as tokens from '@parley/tokens';
import { describe, test } from 'vitest';
import { expectLinearWork, expectLinearWorkAsync } from './expect-linear-work.ts';
import { type GrowthCase, growthCases } from './growth-cases.ts';

const cases = growthCases({ cli, core, dispatch, envelope, negotiation, redaction, telegram, tokens });

const check = async (growthCase: GrowthCase): Promise<void> => {
  const label = `${growthCase.entry} on ${growthCase.input}`;
  const options = { size: growthCase.testSize ?? 2_000 };
  if (growthCase.async === true) await expectLinearWorkAsync(label, growthCase.make, async (text) => growthCase.run(text), options);
  else expectLinearWork(label, growthCase.make, growthCase.run, options);
};

describe('work grows linearly with the input (counted, no clock)', () => {
  for (const growthCase of cases) {
    const name = `${growthCase.entry} — ${growthCase.input}`;
    // Counting slows the wrapped methods down; the budget is for a busy machine, not a slow case.
    if (growthCase.knownDefect === undefined) test(name, { timeout: 60_000 }, () => check(growthCase));
    // Known defect, see growthCase.knownDefect: flip to `test` when it is fixed.
    else test.fails(`${name} (known: ${growthCase.knownDefect})`, { timeout: 60_000 }, () => check(growthCase));
  }
});
