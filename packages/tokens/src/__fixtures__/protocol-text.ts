// Test fixtures: text biased to everything the token validator reads — tokens in and out of form,
// RESPONSE blocks whole and broken, the prose mistakes, calls in disguise and split over lines —
// and the options that change what it reports.
import * as fc from 'fast-check';
import type { CheckTokensOptions } from '../check-tokens';
import { defaultRoles } from '../role-registry';
import { spelledCall } from './calls';

const lines = fc.constantFrom(
  '[RESPONSE:cfo]',
  '[RESPONSE:CFO]',
  '[ response : cfo ]',
  '[RESPONSE:finance]',
  'Key finding: x',
  'Key finding:',
  'Supporting data:',
  '- y',
  '-',
  'Confidence: Medium',
  'Confidence: low',
  'Confidence: sure',
  'Caveat: z',
  'Caveat:',
  '[END]',
  '[/RESPONSE]',
  '[/response]',
  'INVOKE cfo: runway?',
  '[INVOKE:finance|Runway?]',
  '[INVOKE:cfo Runway?]',
  '[INVOKE:CFO|Runway?]',
  '[INVOKE:cfo|]',
  '[INVOKE:cfo|Runway?] and more',
  '[INVOKE:cfo|Runway?',
  '[INVOKE:cfo|Runway?\uFF3D',
  '[invoke:cfo|Runway?]',
  '[BROADCAST:all|Status?]',
  '[BROADCAST:everyone|Status?]',
  '[BROADCAST] status please',
  '[BLOCKED: cannot invoke cfo — circular call; cfo is already upstream in this chain]',
  '[BLOCKED: cfo]',
  '[ASSUMPTION: runway is 12 months — not verified with cfo]',
  '[ASSUMPTION: runway]',
  '[CONFLICT: cfo says 9; coo says 12]',
  '[CONFLICT: cfo thinks 9]',
  '[CONFLICT: CFO says 9; coo says 12]',
  '[CHAIN: cro → cfo]',
  '[CHAIN: cro -> cfo]',
  '[CHAIN: Finance, Ops]',
  'Hey CFO, runway?',
  '@HR can we hire?',
  'CFO, can we afford it?',
  'Everyone: status?',
  'Team, thoughts',
  'Chain so far: Revenue Agent, then Finance',
  'Assuming runway is 12 months.',
  'Note: [INVOKE:cfo|Runway?]',
  '',
  '   ',
  'x'.repeat(70),
  `see [INVOKE:cro|${'q'.repeat(60)}]`,
);
const pieces = fc.constantFrom('[', ']', '[INVOKE:', '[invoke :', 'cfo', 'all', '|', '\n', '\r\n', '\n\n', ' ', ':', '[RESPONSE:cto]', '[/RESPONSE]', 'Key finding:', 'Confidence:', '- ', 'Hey ', 'CFO', ',', '@', 'Everyone:', '[CHAIN: ', ' → ', '[BLOCKED: cannot invoke ', ' — ', '[BROADCAST', '\uFF3B', '**');
/** A RESPONSE block with its labels in order, each part whole or broken. */
const responseBlock = fc
  .tuple(
    fc.constantFrom('[RESPONSE:cfo]', '[RESPONSE:coo]', '[response:cfo]'),
    fc.constantFrom('Key finding: x', 'Key finding:'),
    fc.array(fc.constantFrom('- y', '-', '- [INVOKE:coo|Runway?]'), { maxLength: 2 }),
    fc.constantFrom('Confidence: low', 'Confidence: High', 'Confidence: sure'),
    fc.constantFrom('Caveat: z', 'Caveat:'),
    fc.constantFrom([], ['more'], ['[ASSUMPTION: x — not verified with cro]']),
    fc.constantFrom('[/RESPONSE]', '[END]', ''),
  )
  .map(([open, finding, bullets, confidence, caveat, after, close]) => [open, finding, 'Supporting data:', ...bullets, confidence, caveat, ...after, close].join('\n'));
const line = fc.oneof(
  { weight: 4, arbitrary: lines },
  { weight: 1, arbitrary: responseBlock },
  { weight: 2, arbitrary: fc.constantFrom(...defaultRoles, 'finance', 'gc').chain((role) => spelledCall('invoke', role)) },
  { weight: 1, arbitrary: spelledCall('broadcast', 'all') },
  { weight: 1, arbitrary: fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** A message of up to 14 lines, `\n` or `\r\n`, ending in a line break or not. */
export const protocolText: fc.Arbitrary<string> = fc
  .tuple(fc.array(line, { maxLength: 14 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([parts, newline, closed]) => parts.join(newline) + (closed ? newline : ''));

/** Options of the checker: a speaker with and without callers, each phase, short caps. */
export const protocolOptions: fc.Arbitrary<CheckTokensOptions> = fc
  .record({
    chain: fc.constantFrom(undefined, ['cfo'], ['cro', 'cfo'], ['ceo'], ['ceo', 'cfo', 'coo']),
    phase: fc.constantFrom(undefined, 'open' as const, 'independent' as const, 'critique' as const),
    maxLineLength: fc.constantFrom(undefined, 30),
    maxResponseLength: fc.constantFrom(undefined, 60),
  })
  .map((options) => Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as CheckTokensOptions);
