import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { alphabetBits, isRandomText, judgesRandom, randomnessEvidence, writtenCost } from './randomness-judge';
import { nextWrittenState, WRITTEN_START } from './randomness-symbols';

/** A uniform draw of `length` characters from `alphabet`, by fast-check (so shrinkable and seeded). */
const draw = (alphabet: string, length: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';

describe('the randomness judge', () => {
  test.each([
    // Reported as false alarms on other projects' code (issue 24).
    'ECMAScript_imports_and_exports_cannot_be_written_in_a_CommonJS_file_under_verbatimModuleSyntax',
    'X448KeyPairKeyObjectOptions',
    'PyArg_ParseTupleAndKeywords',
    'AmazonS3ClientBuilder.standard',
    'this.config.o11yHeaders',
    '../chunks/inspector.D6o1NPo1.js',
    '/lib64/libasan.so.3+0xc6e20',
  ])('reads %s as written', (run) => {
    expect(isRandomText(run, 0, run.length)).toBe(false);
  });

  test.each([
    ['a Hugging Face token (letters only)', 'hf_QWxkfbaEHhPrQyAkiGwkPnTJOMKvDhuqcWn'],
    ['lower case and digits', 'lsys87xmhtlkezpkzyna68vamz2pat72'],
    ['an AWS key id without a digit', 'AKIAZDOCISEJHTLGMXGE'],
    ['hex of both cases', '0000c0B2-00AF-CEAD-0897-bea1637F5fc6'],
  ])('reads %s as random', (_, run) => {
    expect(isRandomText(run, 0, run.length)).toBe(true);
  });

  // Recall on its own: uniform draws of 24 characters from every common key alphabet (the entropy
  // rule's shortest runs are 20; the README gives the measured rates at 16 to 40).
  test.each([
    ['letters and digits', upper + lower + digits],
    ['letters', upper + lower],
    ['capitals and digits', upper + digits],
    ['lower case and digits', lower + digits],
    ['base64url', `${upper}${lower}${digits}-_`],
  ])('finds nearly every uniform draw of 24 from %s', (_, alphabet) => {
    let found = 0;
    fc.assert(
      fc.property(draw(alphabet, 24), (run) => {
        if (isRandomText(run, 0, run.length)) found += 1;
      }),
      { numRuns: 300 },
    );
    expect(found).toBeGreaterThanOrEqual(291); // ≥ 97%
  });

  test('the stepping API adds up to the evidence, so readers fed a character at a time agree with it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...`${upper}${lower}${digits}_-/+`), minLength: 1, maxLength: 60 }), (run) => {
        let state = WRITTEN_START;
        let written = 0;
        for (let index = 0; index < run.length; index += 1) {
          written += writtenCost(state, run.charCodeAt(index));
          state = nextWrittenState(state, run.charCodeAt(index));
        }
        expect(written - run.length * alphabetBits(run, 0, run.length)).toBeCloseTo(randomnessEvidence(run, 0, run.length), 3);
      }),
      { numRuns: 300 },
    );
  });

  test('a key as a path piece is found; a path of words and a file name of short hashes are not', () => {
    const path = 'dist/assets/daBP2JumIEouHypEV162F3xQ/index.js';
    expect(judgesRandom(path, 0, path.length, 20)).toBe(true);
    for (const written of ['node_modules/typescript/lib/lib.es2015.collection.d.ts', './chunks/pathe.M-eThtNZ.zq3TM4NT.js', 'mpn/x86/k7/mod_34lsub1.asm', 'win32/vc6bz2/zipcloak.dsp', 'ld-x86-64/property-x86-shstk1a-x32']) {
      expect(judgesRandom(written, 0, written.length, 20)).toBe(false);
    }
  });
});
