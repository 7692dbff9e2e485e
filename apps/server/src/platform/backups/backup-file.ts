import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DumpFacts } from '../../db/database-dump.ts';

/**
 * A backup is one file: a POSIX tar (so `tar xf` opens it without the shop) of two members, the
 * manifest first, then the database's dump (decision 056).
 */
export interface BackupManifest extends DumpFacts {
  format: 'voltline-backup/1';
  /** When the dump's snapshot was taken: every change committed before it is in the backup. */
  takenAt: string;
  database: 'pglite' | 'postgres';
  dump: { name: string; bytes: number; sha256: string };
}

export const DUMP_NAMES = { pglite: 'pglite-data-dir.tar.gz', postgres: 'postgres.dump' } as const;

const BLOCK = 512;
const MANIFEST_NAME = 'manifest.json';
/** The largest size an octal tar size field holds (8 GiB); larger ones use the base-256 form GNU tar reads. */
const LARGEST_OCTAL_SIZE = 8 ** 11 - 1;

const paddingOf = (bytes: number) => (BLOCK - (bytes % BLOCK)) % BLOCK;

function tarHeader(name: string, bytes: number, modified: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  if (bytes <= LARGEST_OCTAL_SIZE) header.write(`${bytes.toString(8).padStart(11, '0')}\0`, 124);
  else {
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(bytes), 128);
  }
  header.write(`${Math.floor(modified.getTime() / 1000).toString(8).padStart(11, '0')}\0`, 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

function memberOf(header: Buffer): { name: string; bytes: number } {
  const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const bytes = header[124]! & 0x80 ? Number(header.readBigUInt64BE(128)) : Number.parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || 'NaN', 8);
  return { name, bytes };
}

export async function sha256Of(file: string, range?: { start: number; bytes: number }): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, range ? { start: range.start, end: range.start + range.bytes - 1 } : {})) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes the manifest and the dump (a file beside it) into the backup file `into`. */
export async function writeBackupFile(into: string, manifest: BackupManifest, dumpFile: string): Promise<void> {
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
  const modified = new Date(manifest.takenAt);
  async function* members() {
    yield tarHeader(MANIFEST_NAME, manifestBytes.length, modified);
    yield Buffer.concat([manifestBytes, Buffer.alloc(paddingOf(manifestBytes.length))]);
    yield tarHeader(manifest.dump.name, manifest.dump.bytes, modified);
    for await (const chunk of createReadStream(dumpFile)) yield chunk as Buffer;
    // The dump's padding, then the two empty blocks that end a tar.
    yield Buffer.alloc(paddingOf(manifest.dump.bytes) + 2 * BLOCK);
  }
  await pipeline(members, createWriteStream(into, { flags: 'wx' }));
}

/** A backup's manifest and where its dump lies in the file; refused in words when the file is not a whole backup. */
export async function readBackupFile(file: string): Promise<{ manifest: BackupManifest; dump: { start: number; bytes: number } }> {
  const handle = await open(file, 'r');
  const refused = (why: string) => new Error(`${file} is not a Voltline backup: ${why}.`);
  try {
    const read = async (start: number, bytes: number) => {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, start);
      if (bytesRead < bytes) throw refused('it ends too early (a copy cut short?)');
      return buffer;
    };
    const first = memberOf(await read(0, BLOCK));
    if (first.name !== MANIFEST_NAME || !Number.isFinite(first.bytes)) throw refused(`its first member is not ${MANIFEST_NAME}`);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse((await read(BLOCK, first.bytes)).toString('utf8')) as BackupManifest;
    } catch {
      throw refused('its manifest is not JSON');
    }
    if (manifest.format !== 'voltline-backup/1') throw refused(`its manifest's format is ${String(manifest.format)}`);
    const dumpHeaderAt = BLOCK + first.bytes + paddingOf(first.bytes);
    const second = memberOf(await read(dumpHeaderAt, BLOCK));
    if (second.name !== manifest.dump.name) throw refused(`its second member is ${second.name || 'missing'}, not ${manifest.dump.name}`);
    const dump = { start: dumpHeaderAt + BLOCK, bytes: second.bytes };
    if ((await stat(file)).size < dump.start + dump.bytes) throw refused('it ends before its dump does (a copy cut short?)');
    return { manifest, dump };
  } finally {
    await handle.close();
  }
}
