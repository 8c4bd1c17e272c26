import { avatarContentTypeOf, avatarImageProblem, identiconSvg } from '../../src/avatars';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('avatar images', () => {
  it('tells PNG, JPEG, GIF and WebP by their magic bytes', () => {
    expect(avatarContentTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(avatarContentTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(avatarContentTypeOf(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(avatarContentTypeOf(bytes('GIF87a'))).toBe('image/gif');
    expect(avatarContentTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses what only looks close: SVG, a RIFF that is no WebP, truncated signatures, text', () => {
    expect(avatarContentTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(avatarContentTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(avatarContentTypeOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(avatarContentTypeOf(bytes('GIF89'))).toBeNull();
    expect(avatarContentTypeOf(bytes('hello'))).toBeNull();
  });

  it('names the problem: empty, too large (checked before the format), not an image', () => {
    const png = bytes([0x89], 'PNG\r\n\x1a\n', 'x'.repeat(10));
    expect(avatarImageProblem(new Uint8Array(), 100)).toBe('empty');
    expect(avatarImageProblem(png, png.length)).toBeNull();
    expect(avatarImageProblem(png, png.length - 1)).toBe('too-large');
    expect(avatarImageProblem(bytes('text'), 100)).toBe('not-an-image');
  });

  it('draws the same default for the same seed and different ones for different seeds', () => {
    expect(identiconSvg('owner:1')).toBe(identiconSvg('owner:1'));
    expect(identiconSvg('owner:1')).not.toBe(identiconSvg('owner:2'));
    expect(identiconSvg('owner:1')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
