import { parseArchiveName } from '../../src/modules/releases/source-archive.service';

describe('parseArchiveName', () => {
  it('splits {ref}.zip and {ref}.tar.gz, keeping slashes and dots of the ref', () => {
    expect(parseArchiveName('v1.0.zip')).toEqual({ ref: 'v1.0', format: 'zip' });
    expect(parseArchiveName('feature/x.tar.gz')).toEqual({ ref: 'feature/x', format: 'tar.gz' });
  });

  it('refuses other formats and a missing ref', () => {
    expect(parseArchiveName('v1.gz')).toBeUndefined();
    expect(parseArchiveName('v1.rar')).toBeUndefined();
    expect(parseArchiveName('.zip')).toBeUndefined();
  });
});
