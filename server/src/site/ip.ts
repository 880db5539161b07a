import { BlockList, isIP } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as people write it: an IPv4-mapped IPv6 address ('::ffff:1.2.3.4') becomes '1.2.3.4'. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  return MAPPED_V4.exec(trimmed)?.[1] ?? trimmed;
}

/** Ranges that never map to a country: private, loopback, link-local, CGNAT, documentation, multicast. */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** True for addresses no IP-to-country database can place (see NON_PUBLIC). Expects a valid, normalized IP. */
export function isNonPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return NON_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
