import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { IdParam, parseId } from '../../src/http/id-param.pipe';

describe('parseId', () => {
  it('reads a positive whole number of at most 15 digits', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('007')).toBe(7);
    expect(parseId('999999999999999')).toBe(999_999_999_999_999);
  });

  it('answers null for zero, signs, fractions, spaces, words and longer numbers', () => {
    for (const raw of ['0', '000', '-1', '+1', '1.5', '1e3', ' 1', '1 ', '', 'abc', '0x10', '1234567890123456'])
      expect(parseId(raw)).toBeNull();
  });
});

describe('IdParam', () => {
  it('passes the parsed id on', () => {
    expect(new IdParam('label').transform('42')).toBe(42);
  });

  it('answers 404 naming the thing for anything else', () => {
    expect(() => new IdParam('label').transform('x')).toThrow(new NotFoundException('label x does not exist'));
  });

  it('answers 422 where the route asks for it', () => {
    expect(() => new IdParam('label', 422).transform('0')).toThrow(new UnprocessableEntityException('label 0 does not exist'));
  });
});
