import type { DocumentExtension } from '@lianmeng/core';

/** What a document's bytes say it is; `null` when they match none of the accepted kinds. */
export type DocumentKind = DocumentExtension;

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1');
const ZIP_END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

const OLE2_END_OF_CHAIN = 0xfffffffe;
const OLE2_FREE = 0xffffffff;
const OLE2_HEADER_FAT_ENTRIES = 109;
/** A directory chain longer than this is a loop in a crafted file, not a real document. */
const OLE2_MAX_DIRECTORY_SECTORS = 4096;

/**
 * The names in an OLE2 compound file's directory (Word, Excel and PowerPoint 97–2003 keep their content in
 * streams named `WordDocument`, `Workbook`/`Book`, `PowerPoint Document`), read through its sector
 * allocation table. Null when the structure does not hold together.
 */
export const ole2DirectoryNames = (bytes: Buffer): string[] | null => {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(OLE2_SIGNATURE)) return null;
  const sectorShift = bytes.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const readSector = (sector: number) => {
    const start = sectorOffset(sector);
    return start + sectorSize <= bytes.length ? bytes.subarray(start, start + sectorSize) : null;
  };

  // The allocation table's own sectors: the first 109 listed in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let index = 0; index < OLE2_HEADER_FAT_ENTRIES; index += 1) {
    const sector = bytes.readUInt32LE(0x4c + index * 4);
    if (sector !== OLE2_FREE && sector !== OLE2_END_OF_CHAIN) fatSectors.push(sector);
  }
  let difat = bytes.readUInt32LE(0x44);
  for (let hops = 0; difat !== OLE2_END_OF_CHAIN && difat !== OLE2_FREE && hops < 1024; hops += 1) {
    const sector = readSector(difat);
    if (!sector) return null;
    const perSector = sectorSize / 4 - 1;
    for (let index = 0; index < perSector; index += 1) {
      const entry = sector.readUInt32LE(index * 4);
      if (entry !== OLE2_FREE && entry !== OLE2_END_OF_CHAIN) fatSectors.push(entry);
    }
    difat = sector.readUInt32LE(perSector * 4);
  }
  const next = (sector: number): number | null => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return null;
    const table = readSector(fatSector);
    return table ? table.readUInt32LE((sector % perSector) * 4) : null;
  };

  const names: string[] = [];
  let sector: number | null = bytes.readUInt32LE(0x30);
  for (let hops = 0; sector !== OLE2_END_OF_CHAIN; hops += 1) {
    if (sector === null || hops >= OLE2_MAX_DIRECTORY_SECTORS) return null;
    const content = readSector(sector);
    if (!content) return null;
    for (let offset = 0; offset + 128 <= content.length; offset += 128) {
      const nameBytes = content.readUInt16LE(offset + 0x40);
      const type = content[offset + 0x42];
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.push(content.subarray(offset, offset + nameBytes - 2).toString('utf16le'));
    }
    sector = next(sector);
  }
  return names;
};

/** The names of a ZIP archive's entries, from its central directory. Null when there is none to read. */
export const zipEntryNames = (bytes: Buffer): string[] | null => {
  // The end record sits in the last 22 bytes plus a comment of at most 65535.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  const end = bytes.lastIndexOf(ZIP_END_OF_DIRECTORY);
  if (end < searchFrom || end + 22 > bytes.length) return null;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
};

/** Tab, line feed, form feed, carriage return: the only control bytes plain text may hold. */
const isControlByte = (byte: number) => (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) || byte === 0x7f;

/** Which text encoding the bytes decode in without a fault (UTF-8 first), or null for anything but plain text. */
export const textEncodingOf = (bytes: Buffer): 'utf-8' | 'gb18030' | null => {
  if (bytes.some(isControlByte)) return null;
  for (const encoding of ['utf-8', 'gb18030'] as const) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(bytes);
      return encoding;
    } catch {
      // not this encoding
    }
  }
  return null;
};

const ole2Kind = (bytes: Buffer): DocumentKind | null => {
  const names = ole2DirectoryNames(bytes);
  if (!names) return null;
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  if (names.includes('PowerPoint Document')) return 'ppt';
  return null;
};

const zipKind = (bytes: Buffer): DocumentKind | null => {
  const names = zipEntryNames(bytes);
  if (!names) return null;
  if (names.includes('[Content_Types].xml')) {
    if (names.some((name) => name.startsWith('word/'))) return 'docx';
    if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
    if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
  }
  return 'zip';
};

/** The kind of document the bytes hold, judged by their content alone; null for anything else. */
export const documentKindOf = (bytes: Buffer): { kind: DocumentKind; contentType: string } | null => {
  let kind: DocumentKind | null = null;
  if (bytes.subarray(0, 5).equals(PDF_SIGNATURE)) kind = 'pdf';
  else if (bytes.subarray(0, 8).equals(OLE2_SIGNATURE)) kind = ole2Kind(bytes);
  else if (bytes.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) kind = zipKind(bytes);
  else {
    const encoding = textEncodingOf(bytes);
    if (encoding) return { kind: 'txt', contentType: `text/plain; charset=${encoding}` };
  }
  return kind ? { kind, contentType: CONTENT_TYPES[kind] } : null;
};

/** The lower-case extension of a file name, without its dot ('' for none). */
export const extensionOf = (fileName: string) => {
  const match = /\.([^.]+)$/.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
};
