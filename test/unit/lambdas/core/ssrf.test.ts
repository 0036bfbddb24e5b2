import { addressAllowed, classifyAddress } from '../../../../lambdas/core/ssrf';
import { urlProblem } from '../../../../lambdas/adapters/webhook-sender';

const DEPLOYED = { allowLoopback: false };
const LOCAL = { allowLoopback: true };

describe('the SSRF address classifier', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['169.253.0.1', 'public'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'sharedAddressSpace'],
    ['100.127.255.255', 'sharedAddressSpace'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('IPv4 %s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4 wrapped in IPv6, in every spelling: refused whatever the address inside.
    ['::ffff:10.0.0.1', 'embeddedIpv4'],
    ['::ffff:a00:1', 'embeddedIpv4'],
    ['::ffff:127.0.0.1', 'embeddedIpv4'],
    ['::ffff:169.254.169.254', 'embeddedIpv4'],
    ['::ffff:8.8.8.8', 'embeddedIpv4'],
    ['0:0:0:0:0:ffff:7f00:1', 'embeddedIpv4'],
    ['::127.0.0.1', 'embeddedIpv4'],
    ['64:ff9b::a00:1', 'embeddedIpv4'],
    ['2002:a00:1::1', 'embeddedIpv4'],
    ['2001::1', 'embeddedIpv4'],
  ])('IPv6 %s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it.each(['', 'example.com', '1.2.3', '256.1.1.1', '1.2.3.4.5', ':::1', '12345::1', 'g::1'])(
    '%p is not an address',
    (ip) => {
      expect(classifyAddress(ip)).toBe('invalid');
      expect(addressAllowed(ip, LOCAL)).toBe(false);
    },
  );

  it('allows public addresses, and loopback only where configured', () => {
    expect(addressAllowed('8.8.8.8', DEPLOYED)).toBe(true);
    expect(addressAllowed('2606:4700:4700::1111', DEPLOYED)).toBe(true);
    expect(addressAllowed('127.0.0.1', DEPLOYED)).toBe(false);
    expect(addressAllowed('::1', DEPLOYED)).toBe(false);
    expect(addressAllowed('127.0.0.1', LOCAL)).toBe(true);
    expect(addressAllowed('::1', LOCAL)).toBe(true);
    for (const ip of [
      '10.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(addressAllowed(ip, LOCAL)).toBe(false);
    }
  });
});

describe('endpoint URLs', () => {
  it.each([
    ['https://hooks.example.com/in', DEPLOYED, null],
    ['https://8.8.8.8/in', DEPLOYED, null],
    ['http://hooks.example.com/in', DEPLOYED, 'scheme'],
    ['ftp://hooks.example.com/in', DEPLOYED, 'scheme'],
    ['https://user:pw@hooks.example.com/in', DEPLOYED, 'credentials'],
    ['https://10.0.0.1/in', DEPLOYED, 'private'],
    ['https://[::1]/in', DEPLOYED, 'loopback'],
    ['https://[fd00::2]/in', DEPLOYED, 'uniqueLocal'],
    ['https://[::ffff:169.254.169.254]/in', DEPLOYED, 'embeddedIpv4'],
    ['https://localhost/in', DEPLOYED, 'loopback'],
    ['https://api.localhost/in', DEPLOYED, 'loopback'],
    ['https://127.0.0.1/in', DEPLOYED, 'loopback'],
    ['http://127.0.0.1:8080/in', LOCAL, null],
    ['http://localhost:8080/in', LOCAL, null],
    ['http://169.254.169.254/latest', LOCAL, 'linkLocal'],
    ['not a url', LOCAL, 'invalid'],
  ] as const)('%s → %p', (url, policy, problem) => {
    expect(urlProblem(url, policy)).toBe(problem);
  });
});
