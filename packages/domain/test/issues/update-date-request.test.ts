import { parseRfc3339, parseUpdateDateRequest, UpdateDateValidationError } from '../../src/issues';
import { at } from './issue-mother';

describe('reading updated_at', () => {
  it.each([undefined, null, ''])('treats %p as not given', (value) => {
    expect(parseUpdateDateRequest(value)).toEqual({});
  });

  it.each([
    ['2024-05-01T12:30:00Z', '2024-05-01T12:30:00.000Z'],
    ['2024-05-01T12:30:00.25Z', '2024-05-01T12:30:00.250Z'],
    ['2024-05-01T14:30:00+02:00', '2024-05-01T12:30:00.000Z'],
    ['2024-05-01T07:00:00-05:30', '2024-05-01T12:30:00.000Z'],
    ['2024-05-01t12:30:00z', '2024-05-01T12:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2024-05-01T12:30:00.123456789Z', '2024-05-01T12:30:00.123Z'],
  ])('reads %s as %s', (text, instant) => {
    expect(parseUpdateDateRequest(text).updatedAt).toEqual(at(instant));
  });

  it.each([
    'yesterday',
    '2024-05-01',
    '2024-05-01 12:30:00Z',
    '2024-05-01T12:30:00',
    '2024-13-01T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T12:60:00Z',
    '2024-05-01T12:30:00+2:00',
    'Wed, 01 May 2024 12:30:00 GMT',
    ' 2024-05-01T12:30:00Z',
  ])('refuses %p with an error naming updated_at', (text) => {
    expect(() => parseUpdateDateRequest(text)).toThrow(UpdateDateValidationError);
    expect(() => parseUpdateDateRequest(text)).toThrow(/^updated_at must be an RFC 3339 date-time/);
  });

  it('refuses a value that is not a string', () => {
    expect(() => parseUpdateDateRequest(1714566600)).toThrow(/updated_at must be an RFC 3339 date-time.*1714566600/);
  });

  it('keeps years before 100 as they are', () => {
    expect(parseRfc3339('0099-01-01T00:00:00Z')?.getUTCFullYear()).toBe(99);
  });
});
