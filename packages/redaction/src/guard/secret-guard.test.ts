import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { createSecretGuard } from './secret-guard';
import { SecretBlockedError } from './secret-blocked-error';
import { createMemoryVault, type SecretVault } from './secret-vault';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const other = `ghp_${'VGCM1RvUh24kM6qgrY9FebFmkAgvU1wrmhnq'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;

describe('strategies', () => {
  test('redact writes the package marker', async () => {
    const guard = createSecretGuard();
    expect(await guard.guardText(`token ${github} here`, { use: 'input' })).toBe('token <REDACTED:GITHUB_TOKEN> here');
  });

  test('mask keeps a few characters at each end, and nothing of a short secret', async () => {
    const guard = createSecretGuard({ input: 'mask' });
    expect(await guard.guardText(`token ${github}`, { use: 'input' })).toBe('token <MASKED:GITHUB_TOKEN#ghp_****aVyO>');
    const keepTwo = createSecretGuard({ input: 'mask', maskKeep: 2 });
    expect(await keepTwo.guardText(github, { use: 'input' })).toBe('<MASKED:GITHUB_TOKEN#gh****yO>');
    // A short password shows nothing.
    const short = createSecretGuard({ input: 'mask' });
    const masked = await short.guardText('postgres://app:Xk9#mQ2v@db.internal/app', { use: 'input' });
    expect(masked).not.toContain('Xk9#');
    expect(masked).toContain('<MASKED:');
  });

  test('hash tells distinct secrets apart, is stable within a guard, and keyed per guard', async () => {
    const guard = createSecretGuard({ input: 'hash' });
    const first = await guard.guardText(`${github} ${other} ${github}`, { use: 'input' });
    const hashes = first.match(/<HASHED:GITHUB_TOKEN#[0-9a-f]{8}>/g) ?? [];
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).toBe(hashes[2]);
    expect(hashes[0]).not.toBe(hashes[1]);
    const again = createSecretGuard({ input: 'hash' });
    expect(await again.guardText(github, { use: 'input' })).not.toBe(hashes[0]);
    const keyed = (key: string) => createSecretGuard({ input: 'hash', hashKey: key }).guardTextSync(github, { use: 'input' });
    expect(keyed('a shared key of sixteen+')).toBe(keyed('a shared key of sixteen+'));
  });

  test('block throws SecretBlockedError with kinds and counts, never the secret', async () => {
    const guard = createSecretGuard({ toolResults: 'block' });
    const error = await guard.guardText(`a ${github} and ${npm}`, { use: 'toolResults' }).catch((caught: unknown) => caught);
    expect(SecretBlockedError.isInstance(error)).toBe(true);
    expect((error as SecretBlockedError).code).toBe('SECRET_BLOCKED');
    expect((error as SecretBlockedError).kinds).toEqual({ GITHUB_TOKEN: 1, NPM_TOKEN: 1 });
    for (const shown of [JSON.stringify(error), inspect(error), String(error), (error as Error).stack ?? '']) {
      expect(shown).not.toContain(github.slice(8, 20));
      expect(shown).not.toContain(npm.slice(8, 20));
    }
    // Cached or not, the same text is blocked again.
    await expect(guard.guardText(`a ${github} and ${npm}`, { use: 'toolResults' })).rejects.toThrow(/GITHUB_TOKEN ×1/);
    // Text without secrets passes.
    expect(await guard.guardText('no secrets', { use: 'toolResults' })).toBe('no secrets');
  });

  test('a use set to false is left as it is', async () => {
    const guard = createSecretGuard({ output: false });
    expect(await guard.guardText(github, { use: 'output' })).toBe(github);
    expect(guard.strategy('output')).toBe(false);
    expect(guard.strategy('input')).toBe('redact');
  });
});

describe('placeholders and restore', () => {
  test('each distinct secret gets a stable numbered placeholder for the session', async () => {
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
    expect(await guard.guardText(`${github} then ${other}`, { use: 'input' })).toBe('<SECRET:GITHUB_TOKEN#1> then <SECRET:GITHUB_TOKEN#2>');
    expect(await guard.guardText(`again ${other} and ${npm}`, { use: 'toolResults' })).toBe('again <SECRET:GITHUB_TOKEN#2> and <SECRET:NPM_TOKEN#1>');
    expect(await guard.restoreText('use <SECRET:GITHUB_TOKEN#2>, not <SECRET:GITHUB_TOKEN#9>')).toBe(`use ${other}, not <SECRET:GITHUB_TOKEN#9>`);
    expect(guard.stats().placeholders).toBe(3);
  });

  test('restoreToolArguments restores for allowlisted tools only, deep and keys included', async () => {
    const guard = createSecretGuard({ input: 'placeholder', restoreFor: ['deploy'] });
    await guard.guardText(github, { use: 'input' });
    const restores: unknown[] = [];
    guard.on('restore', (event) => restores.push(event));
    const input = { token: '<SECRET:GITHUB_TOKEN#1>', list: ['x <SECRET:GITHUB_TOKEN#1>'], n: 1 };
    expect(await guard.restoreToolArguments('deploy', input)).toEqual({ token: github, list: [`x ${github}`], n: 1 });
    expect(await guard.restoreToolArguments('search', input)).toBe(input);
    expect(restores).toEqual([{ tool: 'deploy', kinds: { GITHUB_TOKEN: 2 } }]);
    expect(JSON.stringify(restores)).not.toContain(github);
  });

  test('an asynchronous vault is written before guardText resolves and read by restore', async () => {
    const store = new Map<string, string>();
    const vault: SecretVault = {
      get: async (key) => store.get(key),
      set: async (key, value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        store.set(key, value);
      },
      has: async (key) => store.has(key),
    };
    const guard = createSecretGuard({ input: 'placeholder', vault });
    expect(await guard.guardText(github, { use: 'input' })).toBe('<SECRET:GITHUB_TOKEN#1>');
    expect(store.get('<SECRET:GITHUB_TOKEN#1>')).toBe(github);
    // Another process restores from the same vault with a guard of its own.
    const worker = createSecretGuard({ vault, restoreFor: ['deploy'] });
    expect(await worker.restoreToolArguments('deploy', { token: '<SECRET:GITHUB_TOKEN#1>' })).toEqual({ token: github });
  });

  test('property: restoreText(guardText(x)) === x under placeholder, for any text with planted keys', () => {
    const keys = samples.filter((sample) => sample.text === sample.secret && sample.spaceable).map((sample) => sample.text);
    fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...keys)), { maxLength: 8 }), fc.constantFrom(' ', '\n', ', ', ''), async (pieces, separator) => {
        const text = pieces.join(separator === '' ? ' ' : separator);
        const guard = createSecretGuard({ input: 'placeholder' });
        const guarded = await guard.guardText(text, { use: 'input' });
        for (const piece of pieces) if (keys.includes(piece)) expect(guarded).not.toContain(piece);
        expect(await guard.restoreText(guarded)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });
});

describe('guarding guarded text', () => {
  test('is a fixpoint for every strategy but block: markers are not taken for secrets', () => {
    for (const strategy of ['redact', 'mask', 'hash', 'placeholder'] as const) {
      const guard = createSecretGuard({ input: strategy, toolResults: strategy });
      const once = guard.guardTextSync(`a ${github}, b ${npm}, c AKIAQ3EGRXN7T5W2HJ4K`, { use: 'input' });
      expect(guard.guardTextSync(once, { use: 'toolResults' })).toBe(once);
    }
  });

  test('guarded text inside JSON (no white space after a marker) stays a fixpoint, and its placeholders restore', async () => {
    // The detector read `SECRET:` as an assignment whose value ran on past the marker into `\\n\\nThanks!"}]`.
    for (const strategy of ['placeholder', 'hash'] as const) {
      const guard = createSecretGuard({ toolResults: strategy });
      const once = guard.guardTextSync(`config:\n${github}\n\nThanks!`, { use: 'toolResults' });
      const json = JSON.stringify([{ type: 'text', text: once }]);
      expect(guard.guardTextSync(json, { use: 'toolResults' })).toBe(json);
      if (strategy === 'placeholder') expect(await guard.restoreText(JSON.parse(json)[0].text)).toBe(`config:\n${github}\n\nThanks!`);
    }
  });

  test('a secret dressed as a marker is still found', () => {
    const guard = createSecretGuard({ input: 'redact' });
    expect(guard.guardTextSync(`<HASHED:X#${github}>`, { use: 'input' })).not.toContain(github.slice(4, 20));
    expect(guard.guardTextSync(`<SECRET:GITHUB_TOKEN#${github}>`, { use: 'input' })).not.toContain(github.slice(4, 20));
  });
});

describe('cache', () => {
  test('a text already guarded is not scanned again; the cache is bounded by characters', async () => {
    const guard = createSecretGuard({ input: 'placeholder', cacheCharacters: 10_000 });
    const history = Array.from({ length: 20 }, (_, index) => `message ${index}: ${index % 5 === 0 ? github : 'plain words'} ${'x'.repeat(100)}`);
    const first = await Promise.all(history.map((text) => guard.guardText(text, { use: 'input' })));
    expect(guard.stats().scans).toBe(20);
    const second = await Promise.all([...history, 'a new message'].map((text) => guard.guardText(text, { use: 'input' })));
    expect(guard.stats()).toMatchObject({ scans: 21, cacheHits: 20 });
    expect(second.slice(0, 20)).toEqual(first);
    // Past the bound, the oldest texts are scanned again (and give the same placeholders).
    const big = createSecretGuard({ input: 'placeholder', cacheCharacters: 300 });
    for (const text of history) big.guardTextSync(text, { use: 'input' });
    const before = big.stats().scans;
    expect(big.guardTextSync(history[0] as string, { use: 'input' })).toBe(first[0]);
    expect(big.stats().scans).toBe(before + 1);
  });

  test('uses have caches of their own (a text can be guarded differently per use)', () => {
    const guard = createSecretGuard({ input: 'redact', toolResults: 'hash' });
    expect(guard.guardTextSync(github, { use: 'input' })).toBe('<REDACTED:GITHUB_TOKEN>');
    expect(guard.guardTextSync(github, { use: 'toolResults' })).toMatch(/^<HASHED:GITHUB_TOKEN#[0-9a-f]{8}>$/);
  });
});

describe('never shows a secret', () => {
  test('inspect, JSON and String of the guard, its vault, events and stats hold no secret', async () => {
    const vault = createMemoryVault();
    const guard = createSecretGuard({ input: 'placeholder', vault, restoreFor: ['deploy'] });
    const events: unknown[] = [];
    guard.on('guard', (event) => events.push(event));
    await guard.guardText(`key ${github}`, { use: 'input' });
    expect(events).toEqual([{ use: 'input', strategy: 'placeholder', kinds: { GITHUB_TOKEN: 1 } }]);
    for (const shown of [inspect(guard, { depth: 10, showHidden: true }), JSON.stringify(guard), String(guard), inspect(vault, { depth: 10, showHidden: true }), JSON.stringify(vault), JSON.stringify(events), JSON.stringify(guard.stats())]) {
      expect(shown).not.toContain(github.slice(4, 16));
    }
    expect(inspect(guard)).toContain('placeholders: 1');
  });
});

describe('bad input', () => {
  test('options and arguments are checked with typed errors', () => {
    expect(() => createSecretGuard({ input: 'scramble' as never })).toThrow(/options.input must be false or one of/);
    expect(() => createSecretGuard({ maskKeep: 20 })).toThrow(/maskKeep/);
    expect(() => createSecretGuard({ hashKey: 'short' })).toThrow(/at least 16 bytes/);
    expect(() => createSecretGuard({ vault: {} as never })).toThrow(/SecretVault/);
    expect(() => createSecretGuard({ restore: true } as never)).toThrow(/no option `restore`/);
    const guard = createSecretGuard();
    expect(() => guard.guardTextSync(42 as never, { use: 'input' })).toThrow(/as a string/);
    expect(() => guard.guardTextSync('x', { use: 'prompt' as never })).toThrow(/use must be/);
  });

  test('guardValue guards every string, keys too, and refuses values nested too deep', async () => {
    const guard = createSecretGuard();
    expect(await guard.guardValue({ [github]: [github, 1, null], nested: { ok: 'fine' } }, { use: 'input' })).toEqual({ '<REDACTED:GITHUB_TOKEN>': ['<REDACTED:GITHUB_TOKEN>', 1, null], nested: { ok: 'fine' } });
    let deep: unknown = 'x';
    for (let index = 0; index < 1001; index += 1) deep = [deep];
    expect(() => guard.guardValueSync(deep, { use: 'input' })).toThrow(/at most 1000 deep/);
  });
});
