import { redactSecrets } from '../src/api/redact-secrets.ts';
for (const t of process.argv.slice(2)) console.log(JSON.stringify(redactSecrets(t.replaceAll('\\n', '\n'))));
