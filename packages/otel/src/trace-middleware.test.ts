import { context, trace } from '@opentelemetry/api';
import { applyText, compose, type ContextOpener, defineMiddleware, replaceTextStream, type TextMiddleware } from '@parley/core';
import { expectChunkInvariant, expectLossless, runChunks, splitAt } from '@parley/core/testing';
import { type RedactionEvents, redactSecretsStream } from '@parley/redaction';
import { checkTokensStream } from '@parley/tokens';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTelemetry } from './__fixtures__/telemetry';
import { traceMiddleware } from './trace-middleware';

const secret = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const redactionEdits = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** Runs `chunks` through a session opened inside an active `ai.streamText`-like span. */
const insideModelCall = <Events extends object>(telemetry: ReturnType<typeof createTelemetry>, middleware: TextMiddleware<Events>, chunks: readonly string[]): string => {
  const span = telemetry.tracer.startSpan('ai.streamText');
  try {
    return context.with(trace.setSpan(context.active(), span), () => runChunks(middleware, chunks).output);
  } finally {
    span.end();
  }
};

/** Writes `chunks` through one session of `opener` and returns the whole output. */
const throughOpener = (opener: ContextOpener<RedactionEvents>, chunks: readonly string[]): string => {
  const session = opener.open({ streamId: 'captured' });
  return chunks.map((chunk) => session.write(chunk)).join('') + session.end();
};

describe('traceMiddleware', () => {
  test('captureContext: sessions opened later, outside the span, report to the span active at the capture', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const call = telemetry.tracer.startSpan('chat model');
    const opener = context.with(trace.setSpan(context.active(), call), () => guard.captureContext?.());
    const reader = telemetry.tracer.startSpan('reader');
    const output = context.with(trace.setSpan(context.active(), reader), () => throughOpener(opener ?? guard, [`key ${secret.slice(0, 9)}`, `${secret.slice(9)} end`]));
    reader.end();
    call.end();
    expect(output).toBe('key <REDACTED:GITHUB_TOKEN> end');
    expect(telemetry.finished().map(({ name, events }) => [name, events.map((event) => event.name)])).toEqual([['reader', []], ['chat model', ['parley.redaction']]]);
    // Captured where no span was active: its own parley.stream span, a root span rather than a child of the reader.
    const rootOpener = context.with(trace.deleteSpan(context.active()), () => guard.captureContext?.());
    const second = telemetry.tracer.startSpan('reader 2');
    context.with(trace.setSpan(context.active(), second), () => throughOpener(rootOpener ?? guard, [secret]));
    second.end();
    const own = telemetry.finished().find(({ name }) => name === 'parley.stream');
    expect(own?.parentSpanContext).toBeUndefined();
    expect(own?.events.map((event) => event.name)).toEqual(['parley.redaction']);
  });

  test('a composed redaction + tokens guard: span events on the model call span, and counters', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(compose(redactSecretsStream(), checkTokensStream()), { meter: telemetry.meter });
    const seen: string[] = [];
    guard.on('redaction', ({ type }) => seen.push(type));
    const text = `Use key ${secret} now.\nhello [INVOKE:nobody|x]\n`;
    const output = insideModelCall(telemetry, guard, [text.slice(0, 20), text.slice(20)]);
    expect(output).toBe(applyText(compose(redactSecretsStream(), checkTokensStream()), text));
    expect(seen).toEqual(['GITHUB_TOKEN']);
    const [span] = telemetry.finished();
    expect(span?.name).toBe('ai.streamText');
    expect(span?.events.map(({ name, attributes }) => ({ name, attributes: { ...attributes, 'parley.stream.id': undefined } }))).toEqual([
      { name: 'parley.redaction', attributes: { 'parley.stream.id': undefined, 'parley.secret.type': 'GITHUB_TOKEN', 'parley.text.start': 8, 'parley.text.end': 48 } },
      { name: 'parley.violation', attributes: { 'parley.stream.id': undefined, 'parley.rule': 'R1', 'parley.code': 'TEXT_BEFORE_TOKEN', 'parley.text.line': 2, 'parley.text.column': 7 } },
      { name: 'parley.violation', attributes: { 'parley.stream.id': undefined, 'parley.rule': 'R2', 'parley.code': 'UNKNOWN_ROLE', 'parley.text.line': 2, 'parley.text.column': 7 } },
    ]);
    expect(await telemetry.counter('parley.redactions')).toEqual([{ attributes: { 'parley.secret.type': 'GITHUB_TOKEN' }, value: 1 }]);
    expect(await telemetry.counter('parley.violations')).toEqual([
      { attributes: { 'parley.rule': 'R1', 'parley.code': 'TEXT_BEFORE_TOKEN' }, value: 1 },
      { attributes: { 'parley.rule': 'R2', 'parley.code': 'UNKNOWN_ROLE' }, value: 1 },
    ]);
  });

  test('a secret planted in the stream is in no exported span, event, attribute or metric', async () => {
    const telemetry = createTelemetry();
    // The tokens check runs first, so its violation's `fix` quotes the raw secret; the role name
    // and the question are model text too.
    const guard = traceMiddleware(compose(checkTokensStream(), redactSecretsStream()), { meter: telemetry.meter, tracer: telemetry.tracer });
    const text = `[INVOKE:cfo|is ${secret} our key?] ${secret}\nplease INVOKE:${secret}|leak\n`;
    const run = runChunks(guard, [text]);
    expect(JSON.stringify(run.events)).toContain(secret); // the events themselves do quote it
    insideModelCall(telemetry, guard, [...text]);
    const exported = await telemetry.exported();
    expect(exported).toContain('parley.violation');
    expect(exported).not.toContain(secret);
    for (const fragment of ['ghp_', 'a1B2c3D4', 'our key', 'leak', 'Nothing may follow']) expect(exported).not.toContain(fragment);
  });

  test('one traced middleware serving two model calls at once: each session\'s events go to the span active when it opened', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { meter: telemetry.meter });
    const call = (name: string, chunks: readonly string[]) =>
      telemetry.tracer.startActiveSpan(name, async (span) => {
        const session = guard.open({ streamId: name });
        for (const chunk of chunks) {
          await new Promise((resolve) => setImmediate(resolve)); // the other call streams meanwhile
          session.write(chunk);
        }
        session.end();
        span.end();
      });
    await Promise.all([call('first', ['a ', secret, ' b']), call('second', ['x ', secret, ' and then ', secret, '.'])]);
    const eventsOf = (name: string) => telemetry.finished().find((span) => span.name === name)?.events.map((event) => event.attributes?.['parley.stream.id']);
    expect(eventsOf('first')).toEqual(['first']);
    expect(eventsOf('second')).toEqual(['second', 'second']);
  });

  test('a session opened with no active span gets a parley.stream span of its own when a tracer is given, ended once', () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer });
    runChunks(guard, [`key ${secret}`], { streamId: 'reply-1', speaker: 'cfo' });
    const [span] = telemetry.finished();
    expect(span?.name).toBe('parley.stream');
    expect(span?.attributes).toEqual({ 'parley.middleware': 'redact-secrets', 'parley.stream.id': 'reply-1', 'parley.speaker': 'cfo' });
    expect(span?.events.map((event) => event.name)).toEqual(['parley.redaction']);
    expect([...telemetry.ends.values()]).toEqual([1]);
    // Without a tracer and outside any span, only the counters see the events.
    const quiet = traceMiddleware(redactSecretsStream());
    expect(runChunks(quiet, [`key ${secret}`]).events).toHaveLength(1);
    expect(telemetry.finished()).toHaveLength(1);
  });

  test('a session that throws ends its own span with an error status', () => {
    const telemetry = createTelemetry();
    const failing = defineMiddleware({ name: 'fails', createSession: () => ({ write: () => { throw new Error('boom'); }, end: () => '' }) });
    const session = traceMiddleware(failing, { tracer: telemetry.tracer }).open();
    expect(() => session.write('x')).toThrow('boom');
    expect(telemetry.finished().map((span) => span.status.code)).toEqual([2]);
  });

  test('the output and events are the wrapped middleware\'s for every chunking (core kit)', () => {
    const telemetry = createTelemetry();
    const text = `Use key ${secret} now.\nhello [INVOKE:nobody|x]\nrunway before runway before`;
    const traced = traceMiddleware(compose(redactSecretsStream(), checkTokensStream(), replaceTextStream({ search: 'runway before', replacement: 'cash runway before' })), { meter: telemetry.meter });
    context.with(trace.setSpan(context.active(), telemetry.tracer.startSpan('model')), () => expectChunkInvariant(traced, text));
    expectLossless(traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer }), [`a ${secret} b`, `x\n${secret}\n${secret}`], { events: redactionEdits, randomChunkings: 8 });
  });
});

/** Text biased to what emits events: secrets, tokens, near misses, line ends. */
const eventfulText = fc
  .array(
    fc.oneof(
      fc.constantFrom(secret, 'ghp_short', '[INVOKE:cfo|why?]', 'hello [INVOKE:nobody|x]', '[RESPONSE]', '\n', '\r\n', ' ', 'password = "hunter22"'),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('traceMiddleware properties', () => {
  test('for any text and chunking: same output and events as the wrapped middleware, and the same span events for every chunking', { timeout: 180_000 }, () => {
    const telemetry = createTelemetry();
    const make = () => compose(redactSecretsStream(), checkTokensStream());
    const traced = traceMiddleware(make(), { meter: telemetry.meter, tracer: telemetry.tracer });
    fc.assert(
      fc.property(eventfulText, fc.array(fc.nat(), { maxLength: 6 }), (text, offsets) => {
        const expected = runChunks(make(), [text], { streamId: 's' });
        const whole = runChunks(traced, [text], { streamId: 's' });
        const before = telemetry.finished().length;
        const chunked = runChunks(traced, splitAt(text, offsets), { streamId: 's' });
        expect(chunked.output).toBe(expected.output);
        expect(whole.events).toEqual(expected.events);
        // Across stages the interleaving may follow the chunking (core's rule); each name's own
        // sequence may not.
        const byName = (events: ReadonlyArray<{ readonly name: string; readonly attributes?: unknown }>) =>
          [...events].map((event) => JSON.stringify([event.name, event.attributes])).sort();
        const [wholeSpan, chunkedSpan] = telemetry.finished().slice(before - 1);
        expect(byName(chunkedSpan?.events ?? [])).toEqual(byName(wholeSpan?.events ?? []));
        expect(chunkedSpan?.events).toHaveLength(expected.events.length);
      }),
      { numRuns: 200 },
    );
  });

  test('for any text and chunking: the traced redaction is lossless (output = input with exactly the reported edits) and counts each redaction once', { timeout: 180_000 }, async () => {
    const telemetry = createTelemetry();
    const traced = traceMiddleware(redactSecretsStream(), { meter: telemetry.meter, tracer: telemetry.tracer });
    const total = async (): Promise<number> => (await telemetry.counter('parley.redactions')).reduce((sum, point) => sum + point.value, 0);
    await fc.assert(
      fc.asyncProperty(eventfulText, fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 1, maxLength: 3 }), async (text, offsetSets) => {
        const chunkings = offsetSets.map((offsets) => splitAt(text, offsets));
        const before = await total();
        expectLossless(traced, [text], { events: redactionEdits, chunkings, randomChunkings: 0, everySplit: false });
        const redactions = runChunks(redactSecretsStream(), [text]).events.length;
        // expectLossless ran the text whole and in each chunking: every run counted its redactions.
        expect(await total()).toBe(before + redactions * (1 + chunkings.length));
      }),
      { numRuns: 100 },
    );
  });

  test('whatever an event carries, only identifiers and positions become attributes', { timeout: 180_000 }, async () => {
    const telemetry = createTelemetry();
    const planted = fc.string({ minLength: 1, maxLength: 40 }).map((text) => `«${text}»`); // never an identifier
    const value = fc.oneof(planted, fc.integer(), fc.constant(undefined), planted.map((text) => ({ message: text, rule: text })));
    const event = fc.record({
      name: fc.constantFrom('redaction', 'violation', 'verdict', 'repair', 'block', 'item'),
      fields: fc.dictionary(fc.constantFrom('message', 'fix', 'text', 'token', 'value', 'type', 'rule', 'code', 'path', 'role', 'violation', 'start', 'line', 'yaml'), value),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 5 }), async (events) => {
        const emitter = defineMiddleware<Record<string, { stream: string }>>({
          name: 'emits',
          createSession: (_context, emit) => ({
            write: (chunk) => chunk,
            end: () => {
              for (const { name, fields } of events) (emit as (name: string, event: object) => void)(name, fields);
              return '';
            },
          }),
        });
        const before = telemetry.finished().length;
        runChunks(traceMiddleware(emitter, { tracer: telemetry.tracer, meter: telemetry.meter }), ['x'], { streamId: 'stream-1' });
        const spans = telemetry.finished().slice(before);
        const exported = JSON.stringify(spans.map((span) => [span.attributes, span.events]));
        expect(exported).not.toContain('«');
        for (const span of spans) for (const { attributes } of span.events) {
          for (const [key, attribute] of Object.entries(attributes ?? {})) {
            expect(['parley.stream.id', 'parley.rule', 'parley.code', 'parley.secret.type', 'parley.text.start', 'parley.text.end', 'parley.text.line', 'parley.text.column']).toContain(key);
            expect(typeof attribute === 'number' || /^[\w.:-]{1,64}$/u.test(String(attribute))).toBe(true);
          }
        }
        expect(JSON.stringify(await telemetry.counter('parley.violations'))).not.toContain('«');
      }),
      { numRuns: 200 },
    );
  });
});
