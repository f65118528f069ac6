import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Who may read /-/metrics: GitLab's monitoring allow-list (loopback by default), from
 * METRICS_ALLOWED_IPS, a comma-separated list of addresses and CIDR ranges.
 */
export function metricsAllowList(spec: string): (ip: string | undefined) => boolean {
  const list = new BlockList();
  for (const raw of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr = '', bits] = raw.split('/');
    const type = isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (!isIPv4(addr) && !isIPv6(addr)) throw new Error(`METRICS_ALLOWED_IPS: ${raw} is not an address or CIDR range`);
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (ip) => {
    if (!ip) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (v4) return list.check(v4, 'ipv4');
    return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
  };
}
