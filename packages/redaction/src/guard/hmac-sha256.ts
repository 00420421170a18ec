// SHA-256 (FIPS 180-4) and HMAC (RFC 2104) in plain TypeScript: the guard's `hash` strategy runs
// wherever the package runs (browsers and edge runtimes too), synchronously, without node:crypto.

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
  0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotate = (word: number, bits: number): number => (word >>> bits) | (word << (32 - bits));

/** The SHA-256 digest of `message` (32 bytes). */
export function sha256(message: Uint8Array): Uint8Array {
  const blocks = Math.ceil((message.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = message.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const state = [...INITIAL_STATE];
  const schedule = new Uint32Array(64);
  for (let block = 0; block < blocks; block += 1) {
    for (let index = 0; index < 16; index += 1) schedule[index] = view.getUint32(block * 64 + index * 4);
    for (let index = 16; index < 64; index += 1) {
      const before = schedule[index - 15] as number;
      const near = schedule[index - 2] as number;
      const sigma0 = rotate(before, 7) ^ rotate(before, 18) ^ (before >>> 3);
      const sigma1 = rotate(near, 17) ^ rotate(near, 19) ^ (near >>> 10);
      schedule[index] = ((schedule[index - 16] as number) + sigma0 + (schedule[index - 7] as number) + sigma1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
    for (let index = 0; index < 64; index += 1) {
      const choice = (e & f) ^ (~e & g);
      const temporary1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + choice + (ROUND_CONSTANTS[index] as number) + (schedule[index] as number)) >>> 0;
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const temporary2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + majority) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + temporary1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (temporary1 + temporary2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, h];
    for (let index = 0; index < 8; index += 1) state[index] = ((state[index] as number) + (next[index] as number)) >>> 0;
  }
  const digest = new Uint8Array(32);
  const digestView = new DataView(digest.buffer);
  for (let index = 0; index < 8; index += 1) digestView.setUint32(index * 4, state[index] as number);
  return digest;
}

/** HMAC-SHA256 of `message` under `key` (32 bytes). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let index = 0; index < 64; index += 1) {
    inner[index] = (block[index] as number) ^ 0x36;
    outer[index] = (block[index] as number) ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}
