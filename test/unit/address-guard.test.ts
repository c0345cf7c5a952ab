import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, mock, test } from 'node:test';
import { checkFeedUrl, isRefusedAddress, redactUrl, RefusedUrlError } from '../../src/shared/address-guard.ts';

function reason(url: string, allowPrivate = false): string | null {
  try {
    checkFeedUrl(url, allowPrivate);
    return null;
  } catch (error) {
    assert.ok(error instanceof RefusedUrlError);
    return error.reason;
  }
}

describe('feed address guard', () => {
  test('refused addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '100.64.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
    ]) {
      assert.equal(isRefusedAddress(address), true, address);
    }
  });

  // Each range of docs/decisions.md#partner-events' guard: its first, one inside, and its last address.
  for (const [range, addresses] of [
    ['192.0.2.0/24 (documentation)', ['192.0.2.0', '192.0.2.77', '192.0.2.255']],
    ['198.51.100.0/24 (documentation)', ['198.51.100.0', '198.51.100.7', '198.51.100.255']],
    ['203.0.113.0/24 (documentation)', ['203.0.113.0', '203.0.113.42', '203.0.113.255']],
    ['198.18.0.0/15 (benchmarking)', ['198.18.0.0', '198.18.200.1', '198.19.255.255']],
    [
      '2001:db8::/32 (IPv6 documentation)',
      ['2001:db8::', '2001:db8:1234::5', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
    ],
    ['224.0.0.0/4 (multicast)', ['224.0.0.0', '239.255.255.250', '239.255.255.255']],
    ['ff00::/8 (IPv6 multicast)', ['ff00::', 'ff02::fb', 'ff0e::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
    ['255.255.255.255 (broadcast)', ['255.255.255.255']],
  ] as const) {
    test(`refuses ${range}`, () => {
      for (const address of addresses) assert.equal(isRefusedAddress(address), true, address);
    });
  }

  test('the neighbours of the documentation and benchmarking ranges are public and pass', () => {
    for (const address of [
      '192.0.3.1',
      '198.51.99.255',
      '198.51.101.0',
      '203.0.112.255',
      '203.0.114.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2001:db9::1',
      '2001:4860:4860::8888',
    ])
      assert.equal(isRefusedAddress(address), false, address);
  });

  test("every address of the server's own network interfaces is refused", () => {
    const own = Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? []);
    assert.ok(own.length > 0);
    for (const { address } of own) assert.equal(isRefusedAddress(address.replace(/%.*$/, '')), true, address);
  });

  test('an interface with a public address makes that address refused, and only while it is there', () => {
    const publicV4 = '93.184.216.34';
    const publicV6 = '2606:4700:4700::1111';
    assert.equal(isRefusedAddress(publicV4), false);
    assert.equal(isRefusedAddress(publicV6), false);
    const entry = { netmask: '', mac: '00:00:00:00:00:00', internal: false, cidr: null };
    const interfaces = mock.method(os, 'networkInterfaces', () => ({
      eth9: [
        { ...entry, address: publicV4, family: 'IPv4' as const },
        { ...entry, address: `${publicV6}%eth9`, family: 'IPv6' as const, scopeid: 0 },
      ],
    }));
    try {
      assert.equal(isRefusedAddress(publicV4), true);
      assert.equal(isRefusedAddress(publicV6), true);
      assert.equal(isRefusedAddress('2606:4700:4700:0:0:0:0:1111'), true, 'the same address written out');
      assert.equal(reason(`http://${publicV4}/cal.ics`), 'private_address');
      assert.equal(reason(`http://[${publicV6}]/cal.ics`), 'private_address');
      assert.equal(isRefusedAddress('93.184.216.35'), false, 'a neighbour of the server is not the server');
    } finally {
      interfaces.mock.restore();
    }
    assert.equal(isRefusedAddress(publicV4), false);
  });

  test('public addresses pass', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111'])
      assert.equal(isRefusedAddress(address), false, address);
    assert.equal(isRefusedAddress('not-an-ip'), true);
  });

  test('URLs: loopback, private, metadata, IPv4-mapped, decimal/hex/octal forms, local names, schemes', () => {
    for (const url of [
      'http://127.0.0.1/cal.ics',
      'http://localhost:8080/cal.ics',
      'http://api.localhost/cal.ics',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/cal.ics',
      'http://[::ffff:127.0.0.1]/cal.ics',
      'http://[::ffff:7f00:1]/cal.ics',
      'http://2130706433/cal.ics',
      'http://0x7f000001/cal.ics',
      'http://0x7f.0.0.1/cal.ics',
      'http://0177.0.0.1/cal.ics',
      'http://017700000001/cal.ics',
      'http://10.0.0.5/cal.ics',
      'http://0.0.0.0/cal.ics',
      'http://[::]/cal.ics',
      // IPv4-compatible (deprecated ::/96) and IPv4-translated forms reach the IPv4 address too.
      'http://[::127.0.0.1]/cal.ics',
      'http://[::7f00:1]/cal.ics',
      'http://[::10.0.0.1]/cal.ics',
      'http://[::169.254.169.254]/cal.ics',
      'http://[::ffff:0:127.0.0.1]/cal.ics',
      // 6to4 and Teredo tunnel to an embedded IPv4 address; NAT64 local use; documentation.
      'http://[2002:7f00:1::]/cal.ics',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/cal.ics',
      'http://[64:ff9b:1::a00:1]/cal.ics',
      'http://[2001:db8::1]/cal.ics',
      'http://[100::1]/cal.ics',
    ]) {
      assert.equal(reason(url), 'private_address', url);
    }
    assert.equal(reason('ftp://example.com/cal.ics'), 'unsupported_scheme');
    assert.equal(reason('file:///etc/passwd'), 'unsupported_scheme');
    assert.equal(reason('not a url'), 'invalid_url');
    assert.equal(reason('https://www.airbnb.com/calendar/ical/123.ics?s=abc'), null);
    assert.equal(reason('http://127.0.0.1/cal.ics', true), null);
    assert.equal(reason('file:///etc/passwd', true), 'unsupported_scheme');
  });

  test('credentials are never shown back', () => {
    assert.equal(redactUrl('https://user:secret@example.com/cal.ics?x=1'), 'https://example.com/cal.ics?x=1');
    assert.equal(redactUrl('https://example.com/cal.ics'), 'https://example.com/cal.ics');
  });
});
