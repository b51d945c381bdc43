import { classifyAddress, mayDeliverTo } from './address-policy';

describe('outbound address policy', () => {
  it.each([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.5', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:81d::200e', 'public'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['3fff:1::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['::2', 'unspecified'],
    // IPv4-mapped (::ffff:0:0/96) and translated (::ffff:0:0:0/96)
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:0:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    // IPv4-compatible (::/96)
    ['::a9fe:a9fe', 'metadata'],
    ['::169.254.169.254', 'metadata'],
    ['::7f00:1', 'loopback'],
    ['::a00:1', 'private'],
    ['::808:808', 'public'],
    // 6to4 (2002::/16)
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
    // NAT64 (64:ff9b::/96; 64:ff9b:1::/48 is local-use)
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::808:808', 'private'],
    ['64:ff9b:1:2::a9fe:a9fe', 'private'],
    // Teredo (2001::/32): server 65.54.227.120, client the bitwise NOT of the last 32 bits
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // client 192.0.2.45 (documentation)
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'metadata'], // client 169.254.169.254
    ['2001:0:4136:e378::f5ff:fffe', 'private'], // client 10.0.0.1
    ['2001:0:4136:e378::80ff:fffe', 'loopback'], // client 127.0.0.1
    ['2001:0:a00:1::f7f7:f7f7', 'private'], // a private server
    ['2001:0:4136:e378::f7f7:f7f7', 'public'], // client 8.8.8.8
    // not addresses
    ['1.2.3', 'invalid'],
    ['127.1', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('allows loopback only with local use allowed, never the metadata address or private ones', () => {
    expect(mayDeliverTo('127.0.0.1', false)).toBe(false);
    expect(mayDeliverTo('127.0.0.1', true)).toBe(true);
    expect(mayDeliverTo('::ffff:127.0.0.1', true)).toBe(true);
    expect(mayDeliverTo('169.254.169.254', true)).toBe(false);
    expect(mayDeliverTo('::a9fe:a9fe', true)).toBe(false);
    expect(mayDeliverTo('2002:a9fe:a9fe::1', true)).toBe(false);
    expect(mayDeliverTo('10.0.0.1', true)).toBe(false);
    expect(mayDeliverTo('8.8.8.8', false)).toBe(true);
    expect(mayDeliverTo('2606:4700:4700::1111', false)).toBe(true);
  });
});
