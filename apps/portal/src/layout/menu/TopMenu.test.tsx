import { DEFAULT_CERTIFICATION_URL } from '@lianmeng/core';
import { parseTypeParam } from '@lianmeng/core/menu';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { certificationAddress, isSelected, MENU, type MenuItem, withCertificationUrl } from './menuItems';
import { TopMenu } from './TopMenu';

const SPEC_FIELDS = [
  'level',
  'title',
  'breadcrumb',
  'enTitle',
  'icon',
  'url',
  'outUrl',
  'typeId',
  'open',
  'selected',
  'disabled',
  'isShow',
  'hideChildren',
  'children',
];

const renderMenu = (path = '/index', certificationUrl?: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <TopMenu certificationUrl={certificationUrl} />
    </MemoryRouter>,
  );

const topLevelList = () => within(screen.getByRole('navigation', { name: '主菜单' })).getAllByRole('list')[0];

const topLevelTitles = () =>
  Array.from(topLevelList()?.children ?? []).map((li) => li.querySelector('a')?.firstChild?.textContent);

describe('the top menu', () => {
  it('shows the seven visible top items in order', () => {
    renderMenu();
    expect(topLevelTitles()).toEqual(['首页', '关于联盟', '新闻公告', '教育教学', '赛事活动', '交流活动', '测评认证']);
  });

  it('writes the number of visible top items on their list, so each item’s width does not wait for the rest', () => {
    renderMenu();
    expect(topLevelList()?.style.getPropertyValue('--menu-items')).toBe(String(topLevelTitles().length));
  });

  it('gives 关于联盟 and 新闻公告 their children', () => {
    renderMenu();
    const about = screen.getByRole('list', { name: '关于联盟' });
    expect(
      within(about)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['联盟简介', '联盟章程', '组织机构', '政策文件', '大家关怀', '联系我们']);
    const news = screen.getByRole('list', { name: '新闻公告' });
    expect(
      within(news)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['新闻动态', '通知公告']);
  });

  it('keeps the six hidden items out of the page but in the data', () => {
    renderMenu();
    const hidden = ['学分银行', '栏目', '专题', '小助手', '会员学校', '理事单位'];
    expect(MENU.filter((item) => !item.isShow).map((item) => item.title)).toEqual(hidden);
    for (const title of hidden) expect(screen.queryByRole('link', { name: title })).not.toBeInTheDocument();
  });

  it("builds every item from the spec's menu fields", () => {
    const all = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...all(item.children)]);
    for (const item of all(MENU)) expect(Object.keys(item).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(MENU.every((item) => item.level === 1)).toBe(true);
    expect(MENU.flatMap((item) => item.children).every((child) => child.level === 2)).toBe(true);
  });

  it('passes each column item its typeId joined with its index as the path segment', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: '联盟章程' })).toHaveAttribute('href', '/alone/4-1');
    expect(screen.getByRole('link', { name: '通知公告' })).toHaveAttribute('href', '/news/list/2-1');
    const children = MENU.flatMap((item) => item.children);
    for (const child of children) {
      const segment = child.url.split('/').at(-1);
      expect(parseTypeParam(segment)?.typeId).toBe(child.typeId);
    }
  });

  it('opens evaluation and certification in a new tab with rel="noopener"', () => {
    renderMenu();
    const link = screen.getByRole('link', { name: /测评认证/ });
    expect(link).toHaveAttribute('href', DEFAULT_CERTIFICATION_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  it('links 测评认证 to the certification address of the site settings', () => {
    renderMenu('/index', 'https://cert.example.org/robot/');
    expect(screen.getByRole('link', { name: /测评认证/ })).toHaveAttribute('href', 'https://cert.example.org/robot/');
    // The data the menu is built from is left as it was.
    expect(MENU.find((entry) => entry.icon === 'certification')?.outUrl).toBe(DEFAULT_CERTIFICATION_URL);
  });

  it.each([['javascript:alert(1)'], ['/index'], ['//elsewhere.example.org/'], ['']])(
    'keeps the built-in certification address for the setting %j',
    (url) => {
      expect(certificationAddress(url)).toBe(DEFAULT_CERTIFICATION_URL);
      const item = withCertificationUrl(MENU, url).find((entry) => entry.icon === 'certification');
      expect(item?.outUrl).toBe(DEFAULT_CERTIFICATION_URL);
    },
  );

  it('reaches every item, second level included, with the Tab key alone', async () => {
    const user = userEvent.setup();
    renderMenu();
    const reached: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      reached.push((document.activeElement as HTMLElement).firstChild?.textContent ?? '');
    }
    expect(reached).toEqual([
      '首页',
      '关于联盟',
      '联盟简介',
      '联盟章程',
      '组织机构',
      '政策文件',
      '大家关怀',
      '联系我们',
      '新闻公告',
      '新闻动态',
      '通知公告',
      '教育教学',
      '赛事活动',
      '交流活动',
      '测评认证',
    ]);
  });

  it('marks the current area', () => {
    renderMenu('/news/list/2-1');
    expect(screen.getByRole('link', { name: '通知公告' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '新闻公告' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '新闻动态' })).not.toHaveAttribute('aria-current');
    const education = MENU.find((item) => item.title === '教育教学') as MenuItem;
    expect(isSelected(education, '/education/jc/11')).toBe(true);
    expect(isSelected(education, '/exchange/study')).toBe(false);
  });
});
