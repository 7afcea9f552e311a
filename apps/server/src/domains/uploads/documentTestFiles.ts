import zlib from 'node:zlib';

/** A small but well-formed PDF with one empty page. */
export const pdfFile = (text = '赛事通知') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;

/**
 * An OLE2 compound file (the container of DOC, XLS and PPT) whose directory holds the root entry and one
 * stream per name: 512-byte sectors, sector 0 the allocation table, sector 1 the directory.
 */
export const ole2File = (streamNames: string[]) => {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  header.fill(0xff, 0x4c);
  header.writeUInt32LE(0, 0x4c);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streamNames].slice(0, 4).forEach((name, index) => {
    const entry = directory.subarray(index * 128, (index + 1) * 128);
    const encoded = Buffer.from(`${name}\u0000`, 'utf16le');
    encoded.copy(entry);
    entry.writeUInt16LE(encoded.length, 0x40);
    entry[0x42] = index === 0 ? 5 : 2;
    entry.writeUInt32LE(FREE, 0x44);
    entry.writeUInt32LE(FREE, 0x48);
    entry.writeUInt32LE(index === 0 && streamNames.length > 0 ? 1 : FREE, 0x4c);
  });
  return Buffer.concat([header, fat, directory]);
};

/**
 * A ZIP entry header. The local header and the central directory record share their run of fields from
 * "version needed" on (version, flags, method, time, date, CRC, both sizes, name length), at `at`.
 */
const zipHeader = (
  layout: { size: number; signature: number; at: number },
  crc: number,
  length: number,
  nameLength: number,
) => {
  const header = Buffer.alloc(layout.size);
  header.writeUInt32LE(layout.signature, 0);
  header.writeUInt16LE(20, layout.at);
  header.writeUInt32LE(crc, layout.at + 10);
  header.writeUInt32LE(length, layout.at + 14);
  header.writeUInt32LE(length, layout.at + 18);
  header.writeUInt16LE(nameLength, layout.at + 22);
  return header;
};

/** A ZIP archive of stored (uncompressed) entries, with its central directory. */
export const zipFile = (entries: Record<string, string>) => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = zlib.crc32(data);
    const local = zipHeader({ size: 30, signature: 0x04034b50, at: 4 }, crc, data.length, nameBytes.length);
    const record = zipHeader({ size: 46, signature: 0x02014b50, at: 6 }, crc, data.length, nameBytes.length);
    record.writeUInt16LE(20, 4);
    record.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(record, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const CONTENT_TYPES_XML =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** The parts that make an Office Open XML package of each kind recognisable. */
export const ooxmlFile = (kind: 'docx' | 'xlsx' | 'pptx') =>
  zipFile({
    '[Content_Types].xml': CONTENT_TYPES_XML,
    '_rels/.rels': '<Relationships/>',
    [{ docx: 'word/document.xml', xlsx: 'xl/workbook.xml', pptx: 'ppt/presentation.xml' }[kind]]: '<x/>',
  });

/** A multipart/form-data body with one file part, its name sent as UTF-8 the way browsers send it. */
export const multipartDocument = (fileName: string, content: Buffer, field = 'file') => {
  const boundary = `----lianmengdoc${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
