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

/** Ranges a server-side fetch must never reach, beyond NON_PUBLIC: reserved, metadata, translation prefixes. */
const FORBIDDEN_V6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible block
  ['::ffff:0:0', 96], // IPv4-mapped: judged by the embedded address below, refused if that is not public
  ['64:ff9b::', 96], // NAT64: reaches IPv4 through a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['fd00:ec2::254', 128], // a cloud metadata address
] as const) {
  FORBIDDEN_V6.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for an address a server-side fetch must refuse: private, loopback, unspecified, link-local
 * (cloud metadata 169.254.169.254 included), CGNAT, benchmark, documentation, multicast,
 * reserved, ULA, and IPv6 forms that reach IPv4 (mapped, NAT64, 6to4, Teredo). Expects a valid IP.
 */
export function isForbiddenFetchAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return NON_PUBLIC.check(ip, 'ipv4');
  if (family !== 6) return true;
  return FORBIDDEN_V6.check(ip, 'ipv6') || NON_PUBLIC.check(ip, 'ipv6');
}
