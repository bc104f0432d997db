/**
 * CRC-32 (the IEEE polynomial, as zlib.crc32 computes it), here so that opening a store does not
 * load node:zlib and the streams it brings: a few milliseconds of every command's start-up.
 */
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** The CRC-32 of `data` (a string is taken as UTF-8), continuing from `value`. */
export function crc32(data: Uint8Array | string, value = 0): number {
  const b = typeof data === 'string' ? Buffer.from(data) : data;
  let c = ~value;
  for (let i = 0; i < b.length; i++) c = (TABLE[(c ^ (b[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}
