import { redactSecretsStream } from '@parley/redaction';
import { expectChunkInvariant, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EventRing } from './event-ring';
import { createEventReporter } from './event-reporter';
import { inspect } from './inspect';
import { isLabel, readPostedEvent, toInspectorEvent } from './inspector-event';

/** A value no label can be: it has a space, or is longer than a label may be. */
const secretText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => `secret ${text}`),
  fc.stringMatching(/^\w{65,90}$/),
);

/** Any JSON-ish value with `secret` somewhere inside, under any key, at any depth. */
const withSecret = (secret: string): fc.Arbitrary<unknown> =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(secret),
      fc.constant([secret]),
      fc.dictionary(fc.constantFrom('type', 'rule', 'code', 'codes', 'violation', 'violations', 'before', 'after', 'text', 'value', 'role', 'stream', 'detail', 'x'), tie('node'), { maxKeys: 4 }),
      fc.array(tie('node'), { maxLength: 3 }),
    ),
  })).node;

describe('events keep labels and numbers only', () => {
  // Invariant: whatever shape an event has and wherever text sits in it, nothing that is not a
  // label (an identifier-like word of at most 64 characters) leaves toInspectorEvent.
  test('no text that is not a label survives, at any key or depth', () => {
    fc.assert(
      fc.property(
        secretText.chain((secret) => fc.tuple(fc.constant(secret), withSecret(secret))),
        fc.string(),
        ([secret, event], name) => {
          const summary = toInspectorEvent(name, event, 0);
          expect(JSON.stringify(summary)).not.toContain(secret);
          for (const value of Object.values(summary.detail)) {
            if (typeof value === 'string') expect(isLabel(value)).toBe(true);
            if (Array.isArray(value)) for (const item of value) expect(isLabel(item)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  // Invariant: a field that names a role can carry what the model wrote (guardTokensStream's
  // `block` names an unknown role of up to 32 characters in an isolation phase, and a redactor
  // after it may hide that text in the output): a secret-shaped word (16 characters or more,
  // letters and digits) is never sent there, while role names are.
  test('a secret-shaped word in a role field is never sent; role names are', () => {
    // The reported shape: a 32-digit hex key written as the role of a barred call.
    const block = { stream: 's', role: '0123456789abcdef0123456789abcdef', code: 'ISOLATION_PHASE', line: 1, start: 0, end: 55, before: '[INVOKE:…]', after: '[BLOCKED: …]' };
    expect(JSON.stringify(toInspectorEvent('block', block, 0))).not.toContain('0123456789abcdef');
    const secretShaped = fc
      .tuple(fc.stringMatching(/^[a-z0-9_-]{14,62}$/), fc.constantFrom(...'abcdefxyz'), fc.constantFrom(...'0123456789'))
      .map(([body, letter, digit]) => `${letter}${body}${digit}`);
    fc.assert(
      fc.property(secretShaped, fc.constantFrom('role', 'from', 'to'), fc.constantFrom('block', 'blocked', 'violation'), (secret, field, name) => {
        const sent = toInspectorEvent(name, { stream: 's', code: 'X', [field]: secret, violation: { rule: 'R4', [field]: secret } }, 0);
        expect(JSON.stringify(sent)).not.toContain(secret);
        expect(readPostedEvent({ name, stream: 's', detail: { [field]: secret } })?.detail[field]).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    for (const role of ['cfo', 'cto', 'security-reviewer', 'qa2', 'agent-7', 'all', 'chief_marketing_officer']) expect(toInspectorEvent('block', { stream: 's', role }, 0).detail['role']).toBe(role);
  });

  // Invariant: what a reporter sends, the server keeps unchanged (sanitising twice is sanitising
  // once), so no field a reporter kept is lost on the way.
  test('the server keeps exactly what a reporter sent (sanitising is idempotent)', () => {
    fc.assert(
      fc.property(secretText.chain((secret) => withSecret(secret)), fc.constantFrom('redaction', 'violation', 'verdict', 'blocked'), fc.constantFrom('s1', 'reply-2'), (event, name, stream) => {
        const sent = toInspectorEvent(name, typeof event === 'object' && event !== null && !Array.isArray(event) ? { ...event, stream } : { stream }, 5);
        expect(readPostedEvent(JSON.parse(JSON.stringify(sent)) as unknown)).toEqual(sent);
      }),
      { numRuns: 500 },
    );
    const verdict = toInspectorEvent('verdict', { stream: 's', ok: false, violations: [{ code: 'NO_ID' }] }, 1);
    expect(readPostedEvent(JSON.parse(JSON.stringify(verdict)) as unknown)).toEqual(verdict);
  });

  test('the reported shapes: a redaction, a token violation, a reply verdict', () => {
    expect(toInspectorEvent('redaction', { stream: 's', type: 'GITHUB_TOKEN', start: 4, end: 44 }, 1)).toEqual({ stream: 's', name: 'redaction', time: 1, detail: { type: 'GITHUB_TOKEN', start: 4, end: 44 } });
    expect(toInspectorEvent('violation', { stream: 's', violation: { rule: 'call', code: 'UNKNOWN_ROLE', excerpt: 'text of the reply' } }, 1).detail).toEqual({ rule: 'call', code: 'UNKNOWN_ROLE' });
    expect(toInspectorEvent('verdict', { stream: 's', ok: false, withheld: true, violations: [{ code: 'NO_ID' }, { code: 'FAKE_PATH', text: 'x y' }] }, 1).detail).toEqual({ ok: false, withheld: true, violations: 2, codes: ['NO_ID', 'FAKE_PATH'] });
    expect(toInspectorEvent('block', { stream: 's', role: 'coder', code: 'BARRED', before: '@coder rm -rf', after: '' }, 1).detail).toEqual({ role: 'coder', code: 'BARRED' });
  });
});

/** A GitHub token the redaction rules recognise. */
const base62 = [...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const githubToken = fc.string({ unit: fc.constantFrom(...base62), minLength: 36, maxLength: 36 }).map((body) => `ghp_${body}`);

describe('inspect(middleware)', () => {
  // Invariant: a redacted value never reaches the inspector, however the stream is cut, and the
  // wrapped middleware's text is exactly the middleware's.
  test('never sends a redacted value, in any chunking; the text is the middleware’s own', async () => {
    await fc.assert(
      fc.asyncProperty(githubToken, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.array(fc.nat(), { maxLength: 6 }), async (secret, before, after, cuts) => {
        const bodies: string[] = [];
        const capture: typeof fetch = async (_url, init) => {
          bodies.push(String(init?.body));
          return new Response('{}', { status: 200 });
        };
        const reported = inspect(redactSecretsStream(), { url: 'http://127.0.0.1:9/', token: 'a-token-long-enough', fetch: capture, flushIntervalMilliseconds: 1 });
        const text = `${before} token ${secret} ${after}`;
        const offsets = cuts.map((cut) => cut % (text.length + 1)).sort((left, right) => left - right);
        const expected = runChunks(redactSecretsStream(), [text]).output;
        // Generated bodies the rules rightly take for placeholders (ghp_000…YouR000…) are not secrets.
        fc.pre(!expected.includes(secret));
        const run = runChunks(reported, splitAt(text, offsets));
        expect(run.output).toBe(expected);
        await reported.reporter.close();
        expect(bodies.join('')).not.toContain(secret);
        expect(bodies.join('')).not.toContain(secret.slice(4, 20));
        expect(bodies.some((body) => body.includes('"redaction"'))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  test('is chunk-invariant (every split, every random chunking)', () => {
    const reporter = createEventReporter({ url: 'http://127.0.0.1:9/#token=a-token-long-enough', fetch: async () => new Response('{}') });
    expectChunkInvariant(inspect(redactSecretsStream(), { reporter }), 'key ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC2eF4hJ6 and AKIAIOSFODNN7EXAMPLE end');
    void reporter.close();
  });

  test('listeners of the middleware still hear every event', () => {
    const middleware = redactSecretsStream();
    const heard: string[] = [];
    middleware.on('redaction', (event) => heard.push(event.type));
    const reported = inspect(middleware, { url: 'http://127.0.0.1:9/', token: 'a-token-long-enough', fetch: async () => new Response('{}') });
    runChunks(reported, ['token ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC2eF4hJ6 end']);
    expect(heard.length).toBe(1);
    expect(reported.name).toBe(middleware.name);
    void reported.reporter.close();
  });
});

describe('the reporter', () => {
  // Invariant: reporting never throws or waits, and every event is accounted for: sent, dropped
  // or still queued, with the queue never above its bound, whatever the server does.
  test('never blocks; every event is sent or counted as dropped, the queue stays bounded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('ok', 'error', 'throw', 'slow'), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 20 }), async (answers, events, batchSize, maxQueued) => {
        let call = 0;
        const server: typeof fetch = async () => {
          const answer = answers[call++ % answers.length];
          if (answer === 'throw') throw new TypeError('connection refused');
          if (answer === 'slow') await new Promise((resolve) => setTimeout(resolve, 1));
          return new Response('{}', { status: answer === 'error' ? 503 : 200 });
        };
        const reporter = createEventReporter({ url: 'http://127.0.0.1:9/', token: 'a-token-long-enough', fetch: server, batchSize, maxQueued, flushIntervalMilliseconds: 1 });
        for (let index = 0; index < events; index += 1) expect(() => reporter.report('redaction', { stream: 's', type: 'X', start: index, end: index + 1 })).not.toThrow();
        await reporter.close();
        expect(reporter.sent + reporter.dropped).toBe(events);
        reporter.report('late', {});
        expect(reporter.sent + reporter.dropped).toBe(events + 1);
      }),
      { numRuns: 100 },
    );
  });

  test('a server that is away: events are dropped and counted, the caller never sees an error', async () => {
    const reporter = createEventReporter({ url: 'http://127.0.0.1:1/#token=a-token-long-enough', flushIntervalMilliseconds: 1, timeoutMilliseconds: 500 });
    reporter.report('redaction', { stream: 's', type: 'X', start: 0, end: 1 });
    await reporter.close();
    expect(reporter).toMatchObject({ sent: 0, dropped: 1 });
  });

  test('needs a token, from the option or the URL', () => {
    expect(() => createEventReporter({ url: 'http://127.0.0.1:9/' })).toThrow(/token is required/);
    expect(() => createEventReporter({ url: 'not a url', token: 'x' })).toThrow(/url must be/);
  });
});

describe('the event ring', () => {
  // Invariant: the ring holds exactly the newest `capacity` events, in order, and `since` pages
  // through them without gaps or repeats.
  test('keeps the newest events in order and pages through them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 70 }), fc.integer({ min: 1, max: 25 }), (capacity, pushed, after, limit) => {
        const ring = new EventRing(capacity);
        for (let index = 0; index < pushed; index += 1) ring.push({ stream: 's', name: 'e', time: index, detail: {} });
        const kept = Array.from({ length: pushed }, (_, index) => index + 1).slice(-capacity);
        expect(ring.since(0, 1000).map((event) => event.sequence)).toEqual(kept);
        expect(ring.since(after, limit).map((event) => event.sequence)).toEqual(kept.filter((sequence) => sequence > after).slice(0, limit));
      }),
      { numRuns: 500 },
    );
  });
});
