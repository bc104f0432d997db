import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { crc32 } from '../../src/store/crc32.js';

it('gives the CRC-32 zlib gives, for bytes, text and a starting value', () => {
  expect(crc32('')).toBe(0);
  expect(crc32('123456789')).toBe(0xcbf43926);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.string(), fc.nat(), (bytes, text, seed) => {
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
      expect(crc32(text)).toBe(zlibCrc32(text));
      expect(crc32(bytes, seed)).toBe(zlibCrc32(bytes, seed));
    }),
  );
});
