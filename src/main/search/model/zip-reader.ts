/**
 * Reads named members out of a zip archive held in memory (a Python wheel is a zip). Only what wheels use: stored
 * and deflated entries, no encryption, no zip64 (our wheels are far below 4 GB). The CRC-32 of every member is checked.
 */
import { crc32, inflateRawSync } from 'node:zlib';

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(zip: Buffer): Entry[] {
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes (its comment can be that long).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive (no end-of-central-directory record)');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const nameLength = zip.readUInt16LE(p + 28);
    entries.push({
      method: zip.readUInt16LE(p + 10),
      crc: zip.readUInt32LE(p + 16),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

export function readZipMember(zip: Buffer, name: string): Buffer {
  const e = centralDirectory(zip).find((x) => x.name === name);
  if (!e) throw new Error(`${name} is not in the archive`);
  if (zip.readUInt32LE(e.localOffset) !== 0x04034b50) throw new Error(`corrupt local header for ${name}`);
  const start = e.localOffset + 30 + zip.readUInt16LE(e.localOffset + 26) + zip.readUInt16LE(e.localOffset + 28);
  const raw = zip.subarray(start, start + e.compressedSize);
  const data = e.method === 0 ? Buffer.from(raw) : e.method === 8 ? inflateRawSync(raw) : null;
  if (!data) throw new Error(`${name}: unsupported zip compression method ${e.method}`);
  if (data.length !== e.size || crc32(data) !== e.crc) throw new Error(`${name}: CRC or size mismatch in the archive`);
  return data;
}
