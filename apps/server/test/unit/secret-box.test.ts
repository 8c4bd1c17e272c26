import { SecretBox, SecretBoxError } from '../../src/crypto/secret-box';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox('instance-secret-key');

  it('opens what it sealed, and the sealed form hides the plaintext', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('uses a fresh IV each time, so equal secrets do not look equal', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('detects tampering with the ciphertext', () => {
    const [version, iv, ciphertext, tag] = box.seal('secret value').split('.');
    const bytes = Buffer.from(ciphertext, 'base64url');
    bytes[0] ^= 1;
    expect(() => box.open([version, iv, bytes.toString('base64url'), tag].join('.'))).toThrow(SecretBoxError);
  });

  it('refuses a value sealed under another key', () => {
    const sealed = new SecretBox('another-key').seal('secret value');
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('refuses a value sealed for another context', () => {
    expect(() => box.open(box.seal('secret value', 'user:1'), 'user:2')).toThrow(SecretBoxError);
  });

  it('refuses malformed and unknown-version values', () => {
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
    expect(() => box.open(box.seal('x').replace(/^v1/, 'v9'))).toThrow(SecretBoxError);
    expect(() => new SecretBox('')).toThrow(SecretBoxError);
  });
});
