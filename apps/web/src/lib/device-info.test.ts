import { describe, expect, it } from 'vitest';
import { collectDeviceInfo, detectBrowser, detectOs, generateDeviceId, getDeviceId } from './device-info';

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  linuxOpera:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 OPR/112.0',
};

describe('device info', () => {
  it('formats the device id as 16 bytes in 4-2-2-2-6 hex groups, kept once generated', () => {
    expect(generateDeviceId(new Uint8Array(16).map((_, i) => i))).toBe(
      '00010203-0405-0607-0809-0a0b0c0d0e0f',
    );
    expect(generateDeviceId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const first = getDeviceId();
    expect(getDeviceId()).toBe(first);
    expect(window.localStorage.getItem('device_id')).toBe(first);
  });

  it('names the operating system and the browser', () => {
    expect([detectOs(UA.androidChrome), detectBrowser(UA.androidChrome)]).toEqual(['Android', 'Chrome']);
    expect([detectOs(UA.iphoneSafari), detectBrowser(UA.iphoneSafari)]).toEqual(['iOS', 'Safari']);
    expect([detectOs(UA.windowsEdge), detectBrowser(UA.windowsEdge)]).toEqual(['Windows', 'Edge']);
    expect([detectOs(UA.macFirefox), detectBrowser(UA.macFirefox)]).toEqual(['MacOS', 'Firefox']);
    expect([detectOs(UA.linuxOpera), detectBrowser(UA.linuxOpera)]).toEqual(['Linux', 'Opera']);
    expect([detectOs('curl/8'), detectBrowser('curl/8')]).toEqual(['unknown', 'unknown']);
  });

  it('collects what the browser tells, without empty fields', () => {
    const info = collectDeviceInfo(1_700_000_000_000);
    expect(info).toMatchObject({ deviceId: getDeviceId(), timestamp: 1_700_000_000_000 });
    for (const value of Object.values(info)) {
      expect(value === '' || value === undefined || value === null || Number.isNaN(value)).toBe(false);
    }
  });
});
