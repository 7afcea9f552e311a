import fs from 'node:fs/promises';
import path from 'node:path';
import { BANNER, IMAGE_SORT, PARTNER_TILE } from '@lianmeng/core';
import sharp from 'sharp';
import type { NewImageMessage } from '../schema';

const PALETTE = ['#0b4ea2', '#c8102e', '#0f7b6c', '#e37b00', '#5b3e96', '#00739d', '#8a1538', '#2f6f1e'];

/** Shapes only, no text: the picture renders the same whatever fonts the machine has. */
const bannerSvg = (index: number) => {
  const colour = PALETTE[index % PALETTE.length];
  const circles = Array.from({ length: 9 }, (_, i) => {
    const cx = 80 + i * 110;
    const r = 30 + ((i * 37 + index * 11) % 60);
    return `<circle cx="${cx}" cy="${200 + ((i % 3) - 1) * 70}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER.recommendedWidthPx}" height="${BANNER.heightPx}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${circles}
  <rect x="60" y="150" width="520" height="24" rx="12" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="60" y="196" width="380" height="16" rx="8" fill="#ffffff" fill-opacity="0.6"/>
  <rect x="60" y="232" width="160" height="40" rx="20" fill="#ffd54a"/></svg>`;
};

const partnerSvg = (index: number) => {
  const colour = PALETTE[index % PALETTE.length];
  const { widthPx: w, heightPx: h } = PARTNER_TILE;
  const shape =
    index % 3 === 0
      ? `<circle cx="25" cy="25" r="16" fill="${colour}"/>`
      : index % 3 === 1
        ? `<rect x="10" y="10" width="30" height="30" rx="6" fill="${colour}"/>`
        : `<polygon points="25,8 42,40 8,40" fill="${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" fill="#ffffff"/>${shape}
  <rect x="52" y="14" width="${100 + (index % 4) * 8}" height="9" rx="4" fill="${colour}"/>
  <rect x="52" y="29" width="${70 + (index % 5) * 9}" height="7" rx="3" fill="#98a2b3"/></svg>`;
};

const BANNERS = [
  { title: '全国青少年机器人交流活动报名开启', open: 1, url: '' },
  { title: '机器人运动进校园 · 秋季师资培训', open: 0, url: '' },
  { title: '测评认证（一至七级）考点公示', open: 0, url: '' },
];

const PARTNERS = [
  '青少年科技教育研究中心',
  '校园机器人运动推广中心',
  '人工智能教育实验室',
  '创客教育发展联盟',
  '青少年编程教育基地',
  '国际青少年交流服务中心',
  '体育教育装备研究所',
  '智能制造职业教育中心',
  '科学教育出版平台',
  '中小学科技教师发展中心',
  '青少年航天科普基地',
  '机器人竞技裁判委员会',
  '校园体育联盟会员服务部',
];

const writePng = async (dir: string, name: string, svg: string) => {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(path.join(dir, name));
  return `/uploads/${name}`;
};

/** Renders the demo pictures into the upload folder and returns the image messages that use them. */
export const demoImages = async (uploadDir: string, at: Date): Promise<NewImageMessage[]> => {
  await fs.mkdir(uploadDir, { recursive: true });
  const rows: NewImageMessage[] = [];
  for (const [index, banner] of BANNERS.entries()) {
    const address = await writePng(uploadDir, `demo-banner-${index + 1}.png`, bannerSvg(index));
    // The open banner is the newest, so the portal shows it.
    const time = new Date(banner.open ? at.getTime() : at.getTime() - (index + 1) * 3600_000);
    rows.push({
      belongSortid: IMAGE_SORT.banner,
      isOpen: banner.open,
      photoAddress: address,
      smallPhotoAddress: address,
      photoTitle: banner.title,
      urlAddress: banner.url,
      createTime: time.toISOString(),
      updateTime: time.toISOString(),
    });
  }
  for (const [index, name] of PARTNERS.entries()) {
    const address = await writePng(uploadDir, `demo-partner-${index + 1}.png`, partnerSvg(index));
    const time = new Date(at.getTime() - index * 60_000);
    rows.push({
      belongSortid: IMAGE_SORT.partner,
      isOpen: 1,
      photoAddress: address,
      smallPhotoAddress: address,
      photoTitle: name,
      urlAddress: `https://example.com/partners/${index + 1}`,
      createTime: time.toISOString(),
      updateTime: time.toISOString(),
    });
  }
  return rows;
};
