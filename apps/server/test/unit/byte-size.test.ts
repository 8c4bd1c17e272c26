import { parseByteSize } from '../../src/config/byte-size';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

describe('parseByteSize reads sizes as Forgejo does (go-humanize ParseBytes)', () => {
  it.each([
    // A bare number is bytes.
    ['0', 0],
    ['5000', 5000],
    ['00042', 42],
    // Thousands separators, wherever the commas are.
    ['12,345,678', 12_345_678],
    ['1,0,0', 100],
    ['1,5', 15],
    // Every unit, decimal (1000) and binary (1024), with or without its "b", in any case.
    ['5b', 5],
    ['5 B', 5],
    ['2k', 2000],
    ['2K', 2000],
    ['2kb', 2000],
    ['2KB', 2000],
    ['2ki', 2048],
    ['2KiB', 2048],
    ['2kib', 2048],
    ['2m', 2_000_000],
    ['2MB', 2_000_000],
    ['2mi', 2 * MiB],
    ['2MiB', 2 * MiB],
    ['3G', 3_000_000_000],
    ['1 GB', 1_000_000_000],
    ['3gi', 3 * GiB],
    ['1GiB', GiB],
    ['1 gib', GiB],
    ['1t', 1e12],
    ['1TB', 1e12],
    ['1ti', 2 ** 40],
    ['1TiB', 2 ** 40],
    ['1p', 1e15],
    ['1PB', 1e15],
    ['1pi', 2 ** 50],
    ['1PiB', 2 ** 50],
    ['1e', 1e18],
    ['9EB', 9e18],
    ['1ei', 2 ** 60],
    ['15EiB', 15 * 2 ** 60],
    // Blanks between the number and the unit, and after the unit.
    ['2 KiB', 2048],
    ['2KiB ', 2048],
    ['2\tk', 2000],
    // Decimals, truncated to whole bytes.
    ['1.5MiB', 1_572_864],
    ['0.5k', 500],
    ['.5k', 500],
    ['1.', 1],
    ['1.5', 1],
    ['1.9999', 1],
    ['0.001k', 1],
  ])('%j is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toEqual({ bytes });
  });

  it.each([
    // Signs: the number must start the text.
    '-1',
    '-42',
    '-1MiB',
    '+5',
    // Blanks before the number.
    ' 5',
    '\t5',
    // Words, unknown units, and numbers Go does not read.
    'hello',
    'unlimited',
    'k',
    'KiB',
    '2 kilobytes',
    '2kk',
    '2bytes',
    '1e3',
    '0x10',
    '5 5',
    // No number at all, or a malformed one.
    '',
    '.',
    ',',
    '1.2.3',
    '1..5',
  ])('%j is not a size', (text) => {
    expect(parseByteSize(text)).toEqual({ problem: 'not-a-size' });
  });

  it.each(['16EiB', '42EB', '18446744073709551616', '18446744073709551615', '20,000,000,000,000,000,000'])(
    '%j is too large (2^64 bytes or more)',
    (text) => {
      expect(parseByteSize(text)).toEqual({ problem: 'too-large' });
    },
  );

  it('refuses a number beyond the floating-point range, as Go does', () => {
    expect(parseByteSize('9'.repeat(400))).toEqual({ problem: 'not-a-size' });
  });

  describe('with a bare unit of 1 MiB ([attachment] MAX_SIZE)', () => {
    it.each([
      ['2048', 2048 * MiB],
      ['1', MiB],
      ['0', 0],
      ['1.5', 1.5 * MiB],
      ['1,024', 1024 * MiB],
      // A unit, even "b", means what it says.
      ['4GiB', 4 * GiB],
      ['500MB', 500_000_000],
      ['100b', 100],
      ['2k', 2000],
    ])('%j is %d bytes', (text, bytes) => {
      expect(parseByteSize(text, MiB)).toEqual({ bytes });
    });
  });
});
