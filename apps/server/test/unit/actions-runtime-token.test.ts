import { RuntimeTokenError, RuntimeTokens } from '../../src/modules/actions/runs/runtime-token';
import { parseBlockList } from '../../src/modules/actions/artifacts/artifact-blob.handler';

describe('RuntimeTokens', () => {
  const tokens = new RuntimeTokens('a secret key');

  it('issues a JWT whose scp claim the artifact client reads, and verifies it', () => {
    const token = tokens.issue({ runId: 42, jobId: 'job-1' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.scp).toBe('Actions.Results:42:job-1');
    expect(tokens.verify(token)).toEqual({ runId: 42, jobId: 'job-1' });
  });

  it('refuses tokens signed under another key, altered, or expired', () => {
    const token = tokens.issue({ runId: 42, jobId: 'job-1' }, new Date('2024-01-01T00:00:00Z'));
    expect(() => new RuntimeTokens('another key').verify(tokens.issue({ runId: 1, jobId: 'j' }))).toThrow(RuntimeTokenError);
    expect(() => tokens.verify(token, new Date('2024-01-03T00:00:00Z'))).toThrow(/expired/);
    const [header, , signature] = tokens.issue({ runId: 42, jobId: 'j' }).split('.');
    const altered = Buffer.from(JSON.stringify({ scp: 'Actions.Results:43:j', exp: 9999999999 })).toString('base64url');
    expect(() => tokens.verify(`${header}.${altered}.${signature}`)).toThrow(/signature/);
  });
});

describe('parseBlockList', () => {
  it('keeps the order of the listed blocks', () => {
    const xml = '<?xml version="1.0"?><BlockList><Latest>b</Latest><Latest>a</Latest><Uncommitted>c</Uncommitted></BlockList>';
    expect(parseBlockList(xml)).toEqual(['b', 'a', 'c']);
  });
});
