import { describe, expect, it } from 'vitest';
import { classifyAddress, v6Bytes } from './address-class.ts';
import { guardTarget } from './target-guard.ts';
import { MAX_EVENT_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './retry-schedule.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::ffff:0:8.8.8.8', 'public'],
    ['64:ff9b:1::7f00:1', 'reserved'],
    ['64:ff9b:1:abcd::808:808', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['64:ff9b:2::1', 'public'],
    ['2001:4860::8888', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.1.1', 'link_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.1.2.3', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['172.15.0.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('is null for what is not an IP address', () => {
    for (const s of ['localhost', 'example.com', '1.2.3', '::ffff:1.2.3', '1:2:3:4:5:6:7:8:9', ''])
      expect(classifyAddress(s)).toBeNull();
    expect(v6Bytes('1::2::3')).toBeNull();
  });
});

describe('guardTarget (no network: IP literals and an injected resolver)', () => {
  const policy = { allowLocal: false, ownPorts: new Set([3737]) };

  it('refuses loopback, private, metadata and odd spellings of them; allows public literals', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://169.254.169.254/latest',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0/',
      'http://[::ffff:a9fe:a9fe]/',
    ]) {
      const r = await guardTarget(url, policy);
      expect(r.ok, url).toBe(false);
    }
    const ok = await guardTarget('https://93.184.215.14/hook?x=1', policy);
    expect(ok).toMatchObject({ ok: true, target: { address: '93.184.215.14', port: 443, family: 4 } });
  });

  it('judges every address a name resolves to, and pins the first', async () => {
    const lookup = async (host: string) =>
      host === 'mixed.test'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '2606:4700::1111', family: 6 }];
    const mixed = await guardTarget('http://mixed.test/', { ...policy, lookup });
    expect(mixed).toEqual({
      ok: false,
      reason: expect.stringMatching(/mixed\.test resolves to 10\.0\.0\.5, which is a private-network address/),
    });
    const v6 = await guardTarget('http://v6.test:8080/', { ...policy, lookup });
    expect(v6).toMatchObject({
      ok: true,
      target: { host: 'v6.test', address: '2606:4700::1111', family: 6, port: 8080 },
    });
  });

  it('with local targets allowed: loopback and private pass, metadata, unspecified and our own port do not', async () => {
    const local = { allowLocal: true, ownPorts: new Set([3737]) };
    expect((await guardTarget('http://127.0.0.1:9000/', local)).ok).toBe(true);
    expect((await guardTarget('http://192.168.1.1/', local)).ok).toBe(true);
    expect(await guardTarget('http://169.254.169.254/', local)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/cloud metadata/),
    });
    expect(await guardTarget('http://0.0.0.0:9000/', local)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unspecified/),
    });
    expect(await guardTarget('http://127.0.0.1:3737/v1/health', local)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/own API/),
    });
    expect(await guardTarget('http://[::1]:3737/', local)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/own API/),
    });
  });

  it('refuses other schemes, credentials and names that do not resolve', async () => {
    expect(await guardTarget('ftp://93.184.215.14/', policy)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/http/),
    });
    expect(await guardTarget('http://u:p@93.184.215.14/', policy)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/credentials/),
    });
    const lookup = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await guardTarget('http://nowhere.test/', { ...policy, lookup })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/cannot resolve nowhere\.test \(ENOTFOUND\)/),
    });
  });
});

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h, each plus 0-10 % jitter, then nothing', () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000]);
    expect(MAX_EVENT_ATTEMPTS).toBe(8);
    expect(retryDelay(1, () => 0)).toBe(5_000);
    expect(retryDelay(1, () => 1)).toBe(5_500);
    expect(retryDelay(7, () => 0.5)).toBe(90_720_000);
    expect(retryDelay(8)).toBeNull();
  });
});
