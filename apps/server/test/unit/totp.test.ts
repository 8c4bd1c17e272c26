import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  totpCode,
  totpUri,
  verifyTotpCode,
} from '../../src/modules/auth/totp';

// RFC 6238 appendix B uses the ASCII key "12345678901234567890" for SHA-1.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 SHA-1 test vector at T=%i', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), { digits: 8 })).toBe(expected);
    // The six-digit code is the same number modulo 10^6.
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(expected.slice(-6));
  });

  it('matches the RFC 4226 HOTP test vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, BigInt(counter)))).toEqual(expected);
  });

  it('accepts the current code and one step either side, nothing further', () => {
    const now = new Date(1_700_000_000_000);
    const at = (steps: number) => totpCode(RFC_SECRET, new Date(now.getTime() + steps * 30_000));
    expect(verifyTotpCode(RFC_SECRET, at(0), now)).toBe(true);
    expect(verifyTotpCode(RFC_SECRET, at(-1), now)).toBe(true);
    expect(verifyTotpCode(RFC_SECRET, at(1), now)).toBe(true);
    expect(verifyTotpCode(RFC_SECRET, at(-2), now)).toBe(false);
    expect(verifyTotpCode(RFC_SECRET, at(2), now)).toBe(false);
  });

  it('says which step a code belongs to, so that it can be accepted only once', () => {
    const now = new Date(1_700_000_000_000);
    const step = Math.floor(now.getTime() / 30_000);
    const at = (steps: number) => totpCode(RFC_SECRET, new Date(now.getTime() + steps * 30_000));
    expect([-1, 0, 1].map((drift) => matchTotpStep(RFC_SECRET, at(drift), now))).toEqual([step - 1, step, step + 1]);
    expect(matchTotpStep(RFC_SECRET, at(2), now)).toBeNull();
  });

  it('refuses codes that are not six digits', () => {
    expect(verifyTotpCode(RFC_SECRET, '', new Date())).toBe(false);
    expect(verifyTotpCode(RFC_SECRET, 'abcdef', new Date())).toBe(false);
    expect(verifyTotpCode(RFC_SECRET, '1234567', new Date())).toBe(false);
  });

  it('round-trips base32 and generates 160-bit secrets', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('builds an otpauth URI authenticator apps understand', () => {
    expect(totpUri('Bellows', 'alice', 'ABC')).toBe(
      'otpauth://totp/Bellows:alice?secret=ABC&issuer=Bellows&algorithm=SHA1&digits=6&period=30',
    );
  });
});
