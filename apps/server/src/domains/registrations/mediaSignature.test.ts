import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bufferSource,
  checkReport,
  checkVideo,
  fileSource,
  PHOTO_REFUSALS,
  photoKindOf,
  REPORT_REFUSALS,
  VIDEO_REFUSALS,
} from './mediaSignature';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFile(path.join(FIXTURES, name));

// Boxes built by hand, one per branch of the walk.
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(value);
  return bytes;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
/** A box with a 64-bit size (`size == 1`). */
const wideBox = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(1), Buffer.from(type, 'latin1'), u64(BigInt(16 + body.length)), body]);
};
const ftyp = (major = 'isom', ...compatible: string[]) =>
  box('ftyp', Buffer.from(major, 'latin1'), u32(512), ...compatible.map((brand) => Buffer.from(brand, 'latin1')));
const mvhd0 = (timescale: number, duration: number) =>
  box('mvhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), Buffer.alloc(80));
const mvhd1 = (timescale: number, duration: bigint) =>
  box('mvhd', Buffer.from([1, 0, 0, 0]), u64(0n), u64(0n), u32(timescale), u64(duration), Buffer.alloc(80));
const trak = (handler: string) =>
  box(
    'trak',
    box('tkhd', Buffer.alloc(84)),
    box('mdia', box('hdlr', u32(0), u32(0), Buffer.from(handler), Buffer.alloc(13))),
  );
const mdat = (length = 64) => box('mdat', Buffer.alloc(length, 7));
const moov = (...children: Buffer[]) => box('moov', ...children);
const video = (...boxes: Buffer[]) => checkVideo(bufferSource(Buffer.concat(boxes)));

describe('the video check', () => {
  it('reads the duration of version 0 and version 1 movie headers', async () => {
    expect(await video(ftyp(), moov(mvhd0(1000, 90_400), trak('vide')), mdat())).toMatchObject({
      format: 'MP4',
      contentType: 'video/mp4',
      durationSeconds: 90,
    });
    expect(
      (await video(ftyp('mp42'), moov(mvhd1(90_000, 90_000n * 120n), trak('soun'), trak('vide')), mdat()))
        .durationSeconds,
    ).toBe(120);
  });

  it('finds the movie box at the end, after the media, and boxes of 64-bit size', async () => {
    expect(
      (await video(ftyp(), wideBox('mdat', Buffer.alloc(100)), moov(mvhd0(600, 1200), trak('vide')))).seconds,
    ).toBe(2);
    expect((await video(ftyp(), box('free'), wideBox('moov', mvhd0(10, 30), trak('vide')), mdat())).seconds).toBe(3);
  });

  it('takes a last box of size 0 as running to the end of the file', async () => {
    const open = Buffer.concat([u32(0), Buffer.from('mdat'), Buffer.alloc(200)]);
    expect((await video(ftyp(), moov(mvhd0(1, 5), trak('vide')), open)).durationSeconds).toBe(5);
  });

  it('knows a MOV by QuickTime’s brand', async () => {
    expect(await video(ftyp('qt  '), moov(mvhd0(600, 6000), trak('vide')), mdat())).toMatchObject({
      format: 'MOV',
      contentType: 'video/quicktime',
      extension: 'mov',
    });
  });

  it('reads a fragmented file’s duration from its extends header, and refuses one without', async () => {
    const mvex = (mehd: Buffer) => box('mvex', mehd, box('trex', Buffer.alloc(24)));
    const fragmented = (mehd: Buffer | null) =>
      video(
        ftyp('iso6', 'dash'),
        moov(mvhd0(1000, 0), trak('vide'), ...(mehd ? [mvex(mehd)] : [])),
        box('moof', Buffer.alloc(16)),
        mdat(),
      );
    expect((await fragmented(box('mehd', u32(0), u32(42_000)))).durationSeconds).toBe(42);
    expect((await fragmented(box('mehd', Buffer.from([1, 0, 0, 0]), u64(61_000n)))).durationSeconds).toBe(61);
    await expect(fragmented(null)).rejects.toThrow(VIDEO_REFUSALS.noDuration);
  });

  it('keeps to the limits: 1 second to 3 minutes, counted in whole seconds', async () => {
    const lasting = (milliseconds: number) => video(ftyp(), moov(mvhd0(1000, milliseconds), trak('vide')), mdat());
    expect((await lasting(180_000)).durationSeconds).toBe(180);
    expect((await lasting(180_400)).durationSeconds).toBe(180);
    await expect(lasting(180_500)).rejects.toThrow(VIDEO_REFUSALS.tooLong(181));
    await expect(lasting(181_000)).rejects.toThrow(VIDEO_REFUSALS.tooLong(181));
    await expect(lasting(900)).rejects.toThrow(VIDEO_REFUSALS.tooShort);
    expect((await lasting(1000)).durationSeconds).toBe(1);
  });

  it('refuses a file without a video track, without media, without a movie box or with a zero timescale', async () => {
    await expect(video(ftyp(), moov(mvhd0(1000, 5000), trak('soun')), mdat())).rejects.toThrow(
      VIDEO_REFUSALS.noVideoTrack,
    );
    await expect(video(ftyp(), moov(mvhd0(1000, 5000), trak('vide')))).rejects.toThrow(VIDEO_REFUSALS.noMedia);
    await expect(video(ftyp(), moov(mvhd0(1000, 5000), trak('vide')), box('mdat'))).rejects.toThrow(
      VIDEO_REFUSALS.noMedia,
    );
    await expect(video(ftyp(), mdat())).rejects.toThrow(VIDEO_REFUSALS.noDuration);
    await expect(video(ftyp(), moov(trak('vide')), mdat())).rejects.toThrow(VIDEO_REFUSALS.noDuration);
    await expect(video(ftyp(), moov(mvhd0(0, 5000), trak('vide')), mdat())).rejects.toThrow(VIDEO_REFUSALS.noDuration);
  });

  it('refuses what does not start with a known brand', async () => {
    await expect(video(ftyp('abcd', 'efgh'), moov(mvhd0(1, 5), trak('vide')), mdat())).rejects.toThrow(
      VIDEO_REFUSALS.notVideo,
    );
    await expect(video(box('free'), ftyp(), moov(mvhd0(1, 5), trak('vide')), mdat())).rejects.toThrow(
      VIDEO_REFUSALS.notVideo,
    );
    await expect(checkVideo(bufferSource(Buffer.alloc(3)))).rejects.toThrow(VIDEO_REFUSALS.notVideo);
  });

  it('refuses boxes that run past their container, truncated files and impossible sizes', async () => {
    const whole = Buffer.concat([ftyp(), moov(mvhd0(1000, 5000), trak('vide')), mdat(1000)]);
    // Cut short: the media box claims more than the file holds.
    await expect(checkVideo(bufferSource(whole.subarray(0, whole.length - 10)))).rejects.toThrow(VIDEO_REFUSALS.broken);
    // A box smaller than its own header, which would otherwise never move the walk on.
    await expect(video(ftyp(), Buffer.concat([u32(4), Buffer.from('free')]), mdat())).rejects.toThrow(
      VIDEO_REFUSALS.broken,
    );
    // A 64-bit size beyond any file.
    const huge = Buffer.concat([u32(1), Buffer.from('mdat'), u64(0xffff_ffff_ffff_fff0n)]);
    await expect(video(ftyp(), moov(mvhd0(1, 5), trak('vide')), huge)).rejects.toThrow(VIDEO_REFUSALS.broken);
    // A child inside the movie box running past it.
    const liar = Buffer.concat([u32(500), Buffer.from('trak'), Buffer.alloc(8)]);
    await expect(video(ftyp(), moov(mvhd0(1, 5), liar), mdat())).rejects.toThrow(VIDEO_REFUSALS.broken);
    // A movie header too short for its fields.
    await expect(video(ftyp(), moov(box('mvhd', u32(0), u32(0)), trak('vide')), mdat())).rejects.toThrow(
      VIDEO_REFUSALS.broken,
    );
  });

  it('refuses a crafted file of endless tiny boxes quickly', async () => {
    const tiny = Buffer.concat(Array.from({ length: 5000 }, () => box('free')));
    const started = performance.now();
    await expect(video(ftyp(), tiny, moov(mvhd0(1, 5), trak('vide')), mdat())).rejects.toThrow(VIDEO_REFUSALS.broken);
    // Nested containers deeper than any real file.
    let nested = box('hdlr', u32(0), u32(0), Buffer.from('vide'), Buffer.alloc(12));
    for (let depth = 0; depth < 50; depth++) nested = box('mdia', nested);
    await expect(video(ftyp(), moov(mvhd0(1, 5), box('trak', nested)), mdat())).rejects.toThrow(VIDEO_REFUSALS.broken);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('accepts the real files ffmpeg wrote, and refuses the real ones it must', async () => {
    for (const [name, format] of [
      ['video-2s-faststart.mp4', 'MP4'],
      ['video-2s-moov-at-end.mp4', 'MP4'],
      ['video-2s.mov', 'MOV'],
    ] as const) {
      expect(await checkVideo(bufferSource(await fixture(name)))).toMatchObject({ format, durationSeconds: 2 });
    }
    expect((await checkVideo(bufferSource(await fixture('video-180s.mp4')))).durationSeconds).toBe(180);
    await expect(checkVideo(bufferSource(await fixture('video-181s.mp4')))).rejects.toThrow(
      VIDEO_REFUSALS.tooLong(181),
    );
    await expect(checkVideo(bufferSource(await fixture('video-2s-fragmented.mp4')))).rejects.toThrow(
      VIDEO_REFUSALS.noDuration,
    );
    await expect(checkVideo(bufferSource(await fixture('audio-only.m4a')))).rejects.toThrow(
      VIDEO_REFUSALS.noVideoTrack,
    );
    await expect(checkVideo(bufferSource(await fixture('report.pdf')))).rejects.toThrow(VIDEO_REFUSALS.notVideo);
    await expect(checkVideo(bufferSource(await fixture('photo.jpg')))).rejects.toThrow(VIDEO_REFUSALS.notVideo);
  });

  it('reads a file on disk through positioned reads', async () => {
    const handle = await fs.open(path.join(FIXTURES, 'video-2s-moov-at-end.mp4'), 'r');
    try {
      const { size } = await handle.stat();
      expect((await checkVideo(fileSource(handle, size))).durationSeconds).toBe(2);
    } finally {
      await handle.close();
    }
  });
});

describe('the report check', () => {
  it('accepts a whole PDF and refuses one cut short or anything else', async () => {
    const pdf = await fixture('report.pdf');
    expect(await checkReport(bufferSource(pdf))).toEqual({ contentType: 'application/pdf', extension: 'pdf' });
    await expect(checkReport(bufferSource(pdf.subarray(0, pdf.length - 100)))).rejects.toThrow(
      REPORT_REFUSALS.truncated,
    );
    await expect(checkReport(bufferSource(await fixture('video-2s-faststart.mp4')))).rejects.toThrow(
      REPORT_REFUSALS.notPdf,
    );
    // A marker hidden early in the file does not count: it must be where writers put it.
    const early = Buffer.concat([Buffer.from('%PDF-1.7\n%%EOF\n'), Buffer.alloc(4096, 0x20)]);
    await expect(checkReport(bufferSource(early))).rejects.toThrow(REPORT_REFUSALS.truncated);
  });
});

describe('the photo signature', () => {
  it('knows JPEG and PNG by their bytes and nothing else', async () => {
    expect((await photoKindOf(bufferSource(await fixture('photo.jpg')))).contentType).toBe('image/jpeg');
    expect((await photoKindOf(bufferSource(await fixture('photo.png')))).contentType).toBe('image/png');
    await expect(photoKindOf(bufferSource(await fixture('report.pdf')))).rejects.toThrow(PHOTO_REFUSALS.notImage);
    await expect(photoKindOf(bufferSource(Buffer.from('GIF89a')))).rejects.toThrow(PHOTO_REFUSALS.notImage);
  });
});
