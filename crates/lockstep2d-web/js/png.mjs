// Reads the PNG files a browser's screenshot writes (8 bits a channel, grey, RGB or
// RGBA, not interlaced) into RGBA pixels, with Node's zlib and nothing else.
import { inflateSync } from "node:zlib";

const CHANNELS = { 0: 1, 2: 3, 4: 2, 6: 4 };

// `{ width, height, pixels }`, pixels a Buffer of RGBA bytes row by row.
export function decodePng(file) {
  let at = 8;
  let header = null;
  const data = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") header = body;
    if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const channels = CHANNELS[header[9]];
  if (header[8] !== 8 || !channels || header[12] !== 0) {
    throw new Error("only 8-bit, non-interlaced PNGs are read here");
  }
  const raw = unfilter(inflateSync(Buffer.concat(data)), width * channels, height, channels);
  const pixels = Buffer.alloc(4 * width * height, 255);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 4; c++) {
      const source = channels < 3 ? (c < 3 ? 0 : 1) : c;
      if (source < channels) pixels[4 * i + c] = raw[channels * i + source];
    }
  }
  return { width, height, pixels };
}

// Undoes the per-row filters (none, sub, up, average, Paeth).
function unfilter(data, stride, height, bpp) {
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const row = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? out[y * stride + x - bpp] : 0;
      const up = y > 0 ? out[(y - 1) * stride + x] : 0;
      const corner = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, corner)][filter];
      out[y * stride + x] = (row[x] + predicted) & 255;
    }
  }
  return out;
}

function paeth(a, b, c) {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
