import { BlockList, isIP } from 'node:net';

const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);
/** Neither external nor anything else builtin: unspecified, link-local, multicast, broadcast. */
const NOT_GLOBAL_UNICAST = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

/**
 * `[webhook] ALLOWED_HOST_LIST` as Forgejo's host matcher reads it: the
 * builtins `loopback`, `private`, `external` (a global unicast address that is
 * neither private nor loopback) and `*`; CIDRs, matched on the address the
 * name resolved to; and any other entry a glob over the host name. A request
 * may go where its name or its resolved address is allowed.
 */
export class HostAllowList {
  private readonly builtins = new Set<string>();
  private readonly cidrs = new BlockList();
  private readonly globs: RegExp[] = [];

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      if (['loopback', 'private', 'external', '*'].includes(entry)) this.builtins.add(entry);
      else if (entry.includes('/')) {
        const [address, bits] = entry.split('/');
        this.cidrs.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
      } else this.globs.push(hostGlob(entry));
    }
  }

  allowsName(hostname: string): boolean {
    const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    return this.builtins.has('*') || this.globs.some((glob) => glob.test(name));
  }

  allowsAddress(address: string): boolean {
    const family: 'ipv4' | 'ipv6' = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    const mapped = family === 'ipv6' && address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4;
    const [ip, kind]: [string, 'ipv4' | 'ipv6'] = mapped ? [address.slice(7), 'ipv4'] : [address, family];
    if (this.builtins.has('*') || this.cidrs.check(ip, kind)) return true;
    const loopback = LOOPBACK.check(ip, kind);
    const privateRange = PRIVATE.check(ip, kind);
    if (this.builtins.has('loopback') && loopback) return true;
    if (this.builtins.has('private') && privateRange) return true;
    return this.builtins.has('external') && !loopback && !privateRange && !NOT_GLOBAL_UNICAST.check(ip, kind);
  }
}

function blockList(subnets: Array<[string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [address, bits, family] of subnets) list.addSubnet(address, bits, family);
  return list;
}

/** A host glob (`*.example.com`, `ci-?.local`) as an anchored expression. */
function hostGlob(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`);
}
