import { applyText, passthroughStream, replaceTextStream } from '@parley/core';
import { splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { JsonStringValueStream } from './json-string-value-stream';
import { mapStringValues } from './map-string-values';

const run = (middleware: ConstructorParameters<typeof JsonStringValueStream>[0], chunks: readonly string[]): string => {
  const stream = new JsonStringValueStream(middleware, {}, 'json');
  return chunks.map((chunk) => stream.write(chunk)).join('') + stream.end();
};

/** Strings biased to what breaks a streaming JSON scanner: quotes, escapes, surrogates, the search word cut anywhere. */
const text = fc.string({ unit: fc.constantFrom('A', 'c', 'm', 'e', 'Acme', ' ', '"', '\\', '\n', '\t', '/', 'é', '😀', '\u0000', '{', '}', '[', ']', ':', ','), maxLength: 12 });
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
})).value;

describe('JsonStringValueStream', () => {
  test('every string (keys included) goes through the middleware, structure does not, for any chunking (fast-check)', () => {
    const middleware = replaceTextStream({ search: 'Acme', replacement: 'a "client"' });
    fc.assert(
      fc.property(json, fc.array(fc.nat(300), { maxLength: 12 }), fc.boolean(), (value, offsets, pretty) => {
        const input = JSON.stringify(value, null, pretty ? 2 : undefined);
        const output = run(middleware, splitAt(input, offsets));
        expect(JSON.parse(output)).toEqual(mapStringValues(value, (string) => applyText(middleware, string), (key) => applyText(middleware, key)));
        // A middleware that changes nothing gives the same value back.
        expect(JSON.parse(run(passthroughStream(), splitAt(input, offsets)))).toEqual(value);
        // Read whole (as the final tool call is), the text keeps its exact spelling: numbers, literals,
        // punctuation and whitespace. (Chunked, a surrogate pair cut in two comes out as escapes.)
        expect(run(passthroughStream(), [input])).toBe(input);
      }),
      { numRuns: 500 },
    );
  });

  test('escapes cut by a chunk boundary, and a string left open at the end', () => {
    const middleware = replaceTextStream({ search: 'Acme', replacement: 'X' });
    expect(run(middleware, ['{"a":"A\\', 'u0063me\\', 'n"}'])).toBe('{"a":"X\\n"}');
    expect(run(middleware, ['["Ac', 'm'])).toBe('["Acm');
    // Keys are strings like any other: a model can put a secret in a key.
    expect(run(middleware, ['{"Acme":"Acme"}'])).toBe('{"X":"X"}');
    // Bare runs outside strings (an unquoted value: not JSON) are sessions too; numbers keep their spelling.
    expect(run(middleware, ['{"a": Ac', 'me, "n": 12345678901234567891, "f": 1.0e0}'])).toBe('{"a": X, "n": 12345678901234567891, "f": 1.0e0}');
  });
});
