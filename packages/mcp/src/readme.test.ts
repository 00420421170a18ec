// The README's examples, kept honest: taken from the Markdown, type-checked and run (see
// tooling/bench/src/readme-suite.ts).
import { join } from 'node:path';
import { describeReadme } from '../../../tooling/bench/src/readme-suite.ts';

describeReadme(join(import.meta.dirname, '..'));
