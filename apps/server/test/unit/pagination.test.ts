import { FastifyReply, FastifyRequest } from 'fastify';
import { pageRequestFrom, setPaginationHeaders } from '../../src/http/pagination';

const defaults = { defaultPagingNum: 30, maxResponseItems: 50 };

describe('pageRequestFrom', () => {
  it('defaults to the first page of DEFAULT_PAGING_NUM items', () => {
    expect(pageRequestFrom({}, defaults)).toEqual({ page: 1, limit: 30, offset: 0 });
  });

  it('treats page 0 as page 1 and limit 0 as the default, as Forgejo does', () => {
    expect(pageRequestFrom({ page: '0', limit: '0' }, defaults)).toEqual({ page: 1, limit: 30, offset: 0 });
  });

  it('skips the rows of earlier pages', () => {
    expect(pageRequestFrom({ page: '3', limit: '10' }, defaults)).toEqual({ page: 3, limit: 10, offset: 20 });
  });

  it('caps the limit at MAX_RESPONSE_ITEMS', () => {
    expect(pageRequestFrom({ limit: '500' }, defaults).limit).toBe(50);
  });

  it('reads the first of repeated parameters', () => {
    expect(pageRequestFrom({ page: ['2', '9'] }, defaults).page).toBe(2);
  });

  it.each(['-1', 'abc', '1.5', '1e3', '99999999999999999999'])('refuses page=%s with a 400 naming the parameter', (value) => {
    expect(() => pageRequestFrom({ page: value }, defaults)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining('page') }),
    );
    expect(() => pageRequestFrom({ limit: value }, defaults)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining('limit') }),
    );
  });
});

describe('setPaginationHeaders', () => {
  function headersFor(url: string, page: number, limit: number, total: number): Record<string, string> {
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply;
    setPaginationHeaders({ url } as FastifyRequest, reply, { page, limit, offset: (page - 1) * limit }, total, 'https://forge.example/');
    return headers;
  }

  const links = (header: string | undefined) =>
    Object.fromEntries(
      (header ?? '')
        .split(',')
        .filter(Boolean)
        .map((part) => {
          const [, url, rel] = /<([^>]+)>; rel="(\w+)"/.exec(part)!;
          return [rel, url];
        }),
    );

  it('sends the total and links to next and last from the first page, keeping other query parameters', () => {
    const headers = headersFor('/api/v1/admin/users?q=ad&page=1&limit=10', 1, 10, 35);
    expect(headers['X-Total-Count']).toBe('35');
    expect(links(headers.Link)).toEqual({
      next: 'https://forge.example/api/v1/admin/users?q=ad&page=2&limit=10',
      last: 'https://forge.example/api/v1/admin/users?q=ad&page=4&limit=10',
    });
  });

  it('links to first and prev from the last page, and to no further page', () => {
    expect(links(headersFor('/api/v1/admin/users?page=4&limit=10', 4, 10, 35).Link)).toEqual({
      first: 'https://forge.example/api/v1/admin/users?page=1&limit=10',
      prev: 'https://forge.example/api/v1/admin/users?page=3&limit=10',
    });
  });

  it('sends no Link header when everything fits on one page, and lets browsers read both headers', () => {
    const headers = headersFor('/api/v1/admin/users', 1, 30, 3);
    expect(headers.Link).toBeUndefined();
    expect(headers['Access-Control-Expose-Headers']).toBe('X-Total-Count, Link');
  });
});
