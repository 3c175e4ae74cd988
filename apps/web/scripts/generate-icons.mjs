// Renders the PNG app icons from the same geometry as public/icons/icon.svg, with no
// dependencies: a tiny rasteriser (4x4 supersampling) and a PNG encoder on node:zlib.
// Run with `npm run icons --workspace @radar/web`; the output is committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1f, 0x5b, 0xd8];
const WHITE = [0xff, 0xff, 0xff];
const BALL = [0xc8, 0xe0, 0x3c];

const CENTER = 32;
const SWEEP_END = [51.05, 21];

/** Distance from (px, py) to the segment a-b. */
function segmentDistance(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedRect(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return x >= 0 && y >= 0 && x <= 64 && y <= 64 && Math.hypot(x - cx, y - cy) <= radius;
}

/** Layers painted in order, each `[test(x, y), colour, opacity]`, in the SVG's 64-unit space. */
const layers = [
  [
    (x, y) => {
      const r = Math.hypot(x - CENTER, y - CENTER);
      const angle = Math.atan2(y - CENTER, x - CENTER);
      return r <= 22 && angle >= -Math.PI / 2 && angle <= -Math.PI / 6;
    },
    WHITE,
    0.25,
  ],
  [(x, y) => Math.abs(Math.hypot(x - CENTER, y - CENTER) - 20) <= 1.5, WHITE, 0.35],
  [(x, y) => Math.abs(Math.hypot(x - CENTER, y - CENTER) - 11) <= 1.5, WHITE, 0.55],
  [(x, y) => segmentDistance(x, y, [CENTER, CENTER], SWEEP_END) <= 1.5, WHITE, 1],
  [(x, y) => Math.hypot(x - CENTER, y - CENTER) <= 3.5, WHITE, 1],
  [(x, y) => Math.hypot(x - 39.5, y - 19) <= 5.5, BALL, 1],
];

/**
 * @param {number} size output width and height in pixels
 * @param {{ maskable?: boolean }} options maskable: full-bleed background, artwork in the 80% safe zone
 */
function render(size, { maskable = false } = {}) {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  const scale = maskable ? 0.8 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const ux = ((px + (sx + 0.5) / samples) / size) * 64;
          const uy = ((py + (sy + 0.5) / samples) / size) * 64;
          if (!maskable && !insideRoundedRect(ux, uy, 14)) continue;
          const x = (ux - CENTER) / scale + CENTER;
          const y = (uy - CENTER) / scale + CENTER;
          let colour = BLUE;
          for (const [test, layerColour, opacity] of layers) {
            if (!test(x, y)) continue;
            colour = colour.map((channel, i) => channel * (1 - opacity) + layerColour[i] * opacity);
          }
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      // Colour is averaged over covered samples (premultiplied-free edges); alpha is coverage.
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // Each scanline is prefixed with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = new URL('../public/icons/', import.meta.url);
const outputs = [
  ['icon-192.png', render(192)],
  ['icon-512.png', render(512)],
  ['maskable-512.png', render(512, { maskable: true })],
  ['apple-touch-icon.png', render(180, { maskable: true })],
];
for (const [name, png] of outputs) {
  writeFileSync(new URL(name, outDir), png);
  console.log(`wrote public/icons/${name} (${png.length} bytes)`);
}
