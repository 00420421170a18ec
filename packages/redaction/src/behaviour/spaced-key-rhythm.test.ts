import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { fullAlphabetOf, leakedPiece, uniformKey, written } from '../__fixtures__/row-alphabet-keys';
import { chunkings, chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { catalogue } from '../rules/catalogue';

/**
 * Issue 24, "No key out": a key spaced out every k characters keeps that rhythm however its groups
 * fall, and the matcher reads it by that rhythm (row-alphabet-leaks, seeds 0–5, before this: 12 of
 * 97,200 keys leaked a piece).
 *
 * - A cut by white space inside the prefix (`rzp_li ve_…`, `xo xa -R …`) keeps the prefix's
 *   evidence when the group after the cut is as long as the one before it; a group as long as a
 *   lower-case prefix's word is the key's next, not a path after a word (`dapiddd 15b8850 …`).
 * - A key spaced out with one of its own characters (`_`, `.`, `-`) whose groups spell another
 *   row's prefix (`…_nl_y0_bJ_…`, `…Gs.SG.Zb.…`) is one key: the separator goes on at its period
 *   through the other prefix.
 * - A short class before a literal may hold several of its own separators (Firebase's 7
 *   characters before `:APA91b`: `_IG-_Zq`).
 * - One token the word list does not read, alone between a spaced-out key and its line's end, in
 *   the key's rhythm, is the key's last group (`… gNhzR STUNA⏎`).
 */
const contexts: ReadonlyArray<readonly [string, string]> = [
  ['The key is ', ' for now.'],
  ['export TOKEN=', '\n'],
  ['Here it is:\n\n', '\n\nRotate it after.'],
  ['', ''],
];

describe('a spaced-out key is read by its rhythm', () => {
  test.each([
    ['rzp_te\nst_es6\nFDL2nU\nECKGB', 'RAZORPAY_KEY'],
    ['rzp_li\tve_edE\tSaojua\tpTAUl', 'RAZORPAY_KEY'],
    ['xo xa -R 4C Gm hz -M b', 'SLACK_TOKEN'],
    ['dapiddd 15b8850 caff6d6 3dc0d39 0e2b34a e', 'DATABRICKS_TOKEN'],
    ['fi_o-_u-_1B_Ui_Tx_gF_CA_nU_nl_y0_bJ_2Y_rn_e-_HL_ej_Q-_Up_Ku_xE_Hg_ud_tM_VA_Fp_dS_YU_xp_7U_c4__4_jx_Y__7K', 'FRAMEIO_TOKEN'],
    ['pa.t..h8.Gs.SG.Zb.Xo.sO.vf.YV.WL.k6.Vw..0.Kc.jm.pL.rL.Nj.pt.Z2.pi.D3.rd.cr.q..JQ.Kl.E9.HX.dv.Fd.8F.T8.hI.0e', 'HARNESS_TOKEN'],
    ['sl.h-F.j9TrF5.JQM9LC.wl-sat.zhty65.XHUkSo.wYbSa8.kMkyE1.6xDMAC.LDjiTT.Oj2f3a._IYZrv.3x2LKB.PsdFCb.xGksFG.nfmihP.GYiKUY.iZ4h_5.ce97QC.tHnjqB.0wm_Lq.ukuV8M.R', 'DROPBOX_TOKEN'],
    ['AAAA_IG-_Zq:APA91ba61EYmw3ELRrtgQrpR2bC11yC5o2aUXOVIFYC9w7cupncORj36zgj4ir27lCaYATLgRt2E3gN82G1Qkub8BVfCpuzAZTkT7Gl80wA0YyJfCgRoy8obUs9PpbcKPvDDE', 'FIREBASE_SERVER_KEY'],
    ['pscal e_tkn _Lrxw tc99K 4d_iu yeQT0 GoSrc GxtYj 9mH7k gNhzR STUNA', 'PLANETSCALE_TOKEN'],
  ])('found whole, in any chunking: %j', (key, type) => {
    expect(expectStreamMatchesWhole(`Here it is:\n\n${key}\n\nRotate it after.`)).toBe(`Here it is:\n\n<REDACTED:${type}>\n\nRotate it after.`);
  });

  test.each([
    "keyword: 'ABORT ACC ADJUST AND AP_LD BREAK CALL CNT COL CONDITION CONFIG DA DB '",
    'path runs/6f1c2e3a-1b2c-11ee-8c90-0242ac120002/9e836c197e9b09aaaaaaaaaaaaaaaaaaaaaaaa.json',
    '| npm_token | prod | npm_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5 |',
  ])('words that spell a prefix, a word before a path, and a key written whole after a name keep their reading: %j', (text) => {
    const output = expectStreamMatchesWhole(text);
    if (text.includes('npm_aB3')) expect(output).toBe('| npm_token | prod | <REDACTED:NPM_TOKEN> |');
    else expect(output).toBe(text);
  });

  // Every row with a short body (up to 24 characters: its prefix's evidence counts most) whose
  // prefix white space can cut, spaced out by a blank.
  const cutPrefixes = catalogue
    .filter((rule) => rule.body.reduce((sum, part) => sum + ('literal' in part ? part.literal.length : part.min), 0) <= 24)
    .flatMap((rule) => rule.prefixes.slice(0, 3).map((prefix, prefixIndex) => ({ rule, prefix, prefixIndex })))
    .filter(({ prefix }) => prefix.length >= 3);
  test('a short key spaced out by white space every k characters, a cut inside its prefix: 3,000 draws leave no 4-character piece', { timeout: 120_000 }, () => {
    const leaks: string[] = [];
    for (let seed = 0; seed < 3000; seed += 1) {
      const random = seededRandom(seed);
      const { rule, prefix, prefixIndex } = cutPrefixes[seed % cutPrefixes.length] as (typeof cutPrefixes)[number];
      const every = 1 + Math.floor(random() * Math.min(8, prefix.length - 1));
      const separator = [' ', '\t', '\n', '\u00a0'][seed % 4] as string;
      const key = uniformKey(rule, random, prefixIndex);
      const [before, after] = contexts[seed % contexts.length] as readonly [string, string];
      const input = written(key, { kind: 'spaced', every, separator }, before, after);
      if (leakedPiece(redactSecrets(input), key, prefix, before + prefix + after) !== undefined) leaks.push(JSON.stringify(input));
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
  });

  test(
    'a short key spaced out by white space, a cut inside its prefix: the stream writes what one write does, any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(fc.constantFrom(...cutPrefixes), fc.nat(), fc.constantFrom(' ', '\t', '\n', '\u00a0'), fc.integer({ min: 1, max: 7 }), fc.constantFrom(...contexts), chunkings(400), ({ rule, prefix, prefixIndex }, seed, separator, every, [before, after], chunking) => {
          fc.pre(every < prefix.length);
          const key = uniformKey(rule, seededRandom(seed), prefixIndex);
          const input = written(key, { kind: 'spaced', every, separator }, before, after);
          expect(runChunks(redactor, chunksOf(input, chunking)).output).toBe(redactSecrets(input));
        }),
        { numRuns: 300 },
      );
    },
  );

  // Every row of one run whose alphabet holds `_`, `.` or `-`, spaced out with that character, and
  // another row's prefix of that alphabet written at one of its group starts.
  const ownSpaced = catalogue.flatMap((rule) => {
    const [part] = rule.body;
    if (rule.body.length !== 1 || part === undefined || !('alphabet' in part)) return [];
    const alphabet = fullAlphabetOf(part.alphabet);
    const others = catalogue.filter((other) => other.type !== rule.type).flatMap((other) => other.prefixes).filter((prefix) => prefix.length <= 8 && [...prefix].every((character) => alphabet.includes(character)));
    return others.length === 0 ? [] : [...'_.-'].filter((separator) => alphabet.includes(separator)).map((separator) => ({ rule, separator, others }));
  });
  test(
    "a key spaced out with one of its own characters every 1 to 8 characters, a group spelling another row's prefix: no 4-character piece left, any chunking (fast-check)",
    { timeout: 120_000 },
    () => {
      expect(ownSpaced.length).toBeGreaterThan(10);
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(fc.constantFrom(...ownSpaced), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.nat(), fc.constantFrom(...contexts), chunkings(400), ({ rule, separator, others }, seed, every, pick, [before, after], chunking) => {
          const random = seededRandom(seed);
          const prefixIndex = Math.floor(random() * rule.prefixes.length);
          const prefix = rule.prefixes[prefixIndex] as string;
          const drawn = uniformKey(rule, random, prefixIndex);
          // The other prefix at a group start past the key's first third (the key's length kept).
          const other = others[pick % others.length] as string;
          const at = Math.ceil((prefix.length + (drawn.length - prefix.length) / 3) / every) * every;
          fc.pre(at + other.length < drawn.length);
          const key = drawn.slice(0, at) + other + drawn.slice(at + other.length);
          const input = written(key, { kind: 'spaced', every, separator }, before, after);
          const output = runChunks(redactor, chunksOf(input, chunking)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), JSON.stringify(input)).toBeUndefined();
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 300 },
      );
    },
  );
});
