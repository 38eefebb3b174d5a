import { describe, expect, it } from 'vitest';
import { logoContentType } from './logo-format.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('logo type by magic bytes', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(logoContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(logoContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(logoContentType(Uint8Array.from([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]))).toBe('image/webp');
  });

  it('refuses SVG, GIF, a RIFF that is not WebP, truncated signatures and nothing', () => {
    expect(logoContentType(ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
    expect(logoContentType(ascii('GIF89a\x01\x00'))).toBeUndefined();
    expect(logoContentType(Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')]))).toBeUndefined();
    expect(logoContentType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(logoContentType(bytes())).toBeUndefined();
  });
});
