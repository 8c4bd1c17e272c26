import { parseLfsPointer } from '../../src/repositories/lfs-pointer';

const OID = 'a'.repeat(64);
const pointer = (lines: string[]) => lines.join('\n') + '\n';

describe('parseLfsPointer', () => {
  it('reads the oid and size of a pointer as git-lfs writes it', () => {
    const text = pointer(['version https://git-lfs.github.com/spec/v1', `oid sha256:${OID}`, 'size 12345']);
    expect(parseLfsPointer(text)).toEqual({ oid: OID, size: 12345 });
  });

  it('accepts extension lines between the version and the oid', () => {
    const text = pointer([
      'version https://git-lfs.github.com/spec/v1',
      'ext-0-foo sha256:' + 'b'.repeat(64),
      `oid sha256:${OID}`,
      'size 0',
    ]);
    expect(parseLfsPointer(text)).toEqual({ oid: OID, size: 0 });
  });

  it('takes an ordinary file for what it is', () => {
    expect(parseLfsPointer('hello world\n')).toBeUndefined();
    expect(parseLfsPointer(pointer(['version https://git-lfs.github.com/spec/v1', 'oid sha256:abc', 'size 3']))).toBeUndefined();
    expect(parseLfsPointer(pointer(['version https://git-lfs.github.com/spec/v1', `oid sha256:${OID}`]))).toBeUndefined();
    expect(parseLfsPointer(pointer(['version https://example.com/spec/v1', `oid sha256:${OID}`, 'size 3']))).toBeUndefined();
  });

  it('never reads a large blob as a pointer, whatever it starts with', () => {
    const text = pointer(['version https://git-lfs.github.com/spec/v1', `oid sha256:${OID}`, 'size 3']) + 'x'.repeat(2000);
    expect(parseLfsPointer(text)).toBeUndefined();
  });
});
