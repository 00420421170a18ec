// Prints one run of the keep-secrets example (see the README): `node src/keep-secrets-main.ts`.
import { deployKey, keepSecrets } from './keep-secrets.ts';

const run = await keepSecrets();
for (const step of run.steps) console.log(step);
console.log(`answer: ${run.answer}`);
console.log(`provider requests: ${run.providerSaw.length}, holding the key: ${run.providerSaw.filter((prompt) => prompt.includes(deployKey)).length}`);
console.log(`deploy authenticated: ${run.deployAuthenticated}; notify got: ${JSON.stringify(run.notifyGot)}`);
