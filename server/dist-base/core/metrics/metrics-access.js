"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.metricsAllowList = metricsAllowList;
const node_net_1 = require("node:net");
/**
 * Who may read /-/metrics: GitLab's monitoring allow-list (loopback by default), from
 * METRICS_ALLOWED_IPS, a comma-separated list of addresses and CIDR ranges.
 */
function metricsAllowList(spec) {
    const list = new node_net_1.BlockList();
    for (const raw of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [addr = '', bits] = raw.split('/');
        const type = (0, node_net_1.isIPv6)(addr) ? 'ipv6' : 'ipv4';
        if (!(0, node_net_1.isIPv4)(addr) && !(0, node_net_1.isIPv6)(addr))
            throw new Error(`METRICS_ALLOWED_IPS: ${raw} is not an address or CIDR range`);
        if (bits === undefined)
            list.addAddress(addr, type);
        else
            list.addSubnet(addr, Number(bits), type);
    }
    return (ip) => {
        if (!ip)
            return false;
        const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
        if (v4)
            return list.check(v4, 'ipv4');
        return list.check(ip, (0, node_net_1.isIPv6)(ip) ? 'ipv6' : 'ipv4');
    };
}
//# sourceMappingURL=metrics-access.js.map