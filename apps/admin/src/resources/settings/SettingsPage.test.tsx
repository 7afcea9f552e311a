import { api, SITE_SETTINGS_ID, type SiteSettings } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { replaceText, save } from '../../testing/form';

const server = consoleServerForFile();

const SETTINGS: SiteSettings = {
  hotline: '010-00000000',
  copyright: '全国学校体育联盟（机器人运动） 版权所有',
  icpNumber: '京ICP备00000000号',
  icpLink: 'https://beian.miit.gov.cn/',
  publicSecurityNumber: '',
  publicSecurityLink: '',
  sponsor: '全国学校体育联盟（机器人运动）',
  certificationUrl: 'https://www.robotsports.org.cn/certification/',
  logoImage: '',
};

describe('the site settings screen', () => {
  it('shows the settings and saves what the administrator changed as the whole record', async () => {
    const saved: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.consoleApi.settingsUpdate, async ({ request }) => {
        const body = (await request.json()) as SiteSettings;
        saved.push(body);
        return { ...body, id: SITE_SETTINGS_ID };
      }),
    );
    const hotline = await screen.findByLabelText(/服务热线/);
    await waitFor(() => expect(hotline).toHaveValue(SETTINGS.hotline));
    expect(screen.getByLabelText(/主办单位/)).toHaveValue(SETTINGS.sponsor);
    const user = userEvent.setup();
    await replaceText(user, hotline, '400-800-1234');
    await save(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...SETTINGS, id: SITE_SETTINGS_ID, hotline: '400-800-1234' });
  });

  it('refuses a filing link that is not a web address before sending, and an empty hotline', async () => {
    const saved: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.consoleApi.settingsUpdate, () => {
        saved.push(1);
        return { ...SETTINGS, id: SITE_SETTINGS_ID };
      }),
    );
    const link = await screen.findByLabelText(/ICP 备案查询链接/);
    await waitFor(() => expect(link).toHaveValue(SETTINGS.icpLink));
    const user = userEvent.setup();
    await replaceText(user, link, 'beian.miit.gov.cn');
    await user.clear(screen.getByLabelText(/服务热线/));
    await save(user);
    expect(await screen.findByText('应为 http(s) 开头的网址')).toBeInTheDocument();
    expect(screen.getByText('请填写服务热线')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the server’s refusal of a field on that field', async () => {
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.consoleApi.settingsUpdate, () =>
        failure(400, '请求内容有误：版权信息（copyright）不能超过 200 个字符'),
      ),
    );
    const copyright = await screen.findByLabelText(/版权信息/);
    await waitFor(() => expect(copyright).toHaveValue(SETTINGS.copyright));
    const user = userEvent.setup();
    await user.type(copyright, '。');
    await save(user);
    await waitFor(() => expect(copyright).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findAllByText(/不能超过 200 个字符/)).not.toHaveLength(0);
    expect(screen.getByLabelText(/服务热线/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('uploads a logo, previews it and saves it with a new certification address', async () => {
    const saved: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.img.upload, () => ({
        photoAddress: '/uploads/logo-abc.png',
        smallPhotoAddress: '/uploads/logo-abc-small.png',
        width: 240,
        height: 96,
      })),
      mockCall(api.consoleApi.settingsUpdate, async ({ request }) => {
        const body = (await request.json()) as SiteSettings;
        saved.push(body);
        return { ...body, id: SITE_SETTINGS_ID };
      }),
    );
    const address = await screen.findByLabelText(/测评认证服务地址/);
    await waitFor(() => expect(address).toHaveValue(SETTINGS.certificationUrl));
    expect(screen.getByText('当前使用内置标志')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/上传站点标志/), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: '站点标志预览' })).toHaveAttribute('src', '/uploads/logo-abc.png');
    await replaceText(user, address, 'https://cert.example.org/robot/');
    await save(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      ...SETTINGS,
      id: SITE_SETTINGS_ID,
      certificationUrl: 'https://cert.example.org/robot/',
      logoImage: '/uploads/logo-abc.png',
    });
  });

  it('puts the built-in logo back by saving an empty logo', async () => {
    const saved: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({
        ...SETTINGS,
        id: SITE_SETTINGS_ID,
        logoImage: '/uploads/logo-old.png',
      })),
      mockCall(api.consoleApi.settingsUpdate, async ({ request }) => {
        const body = (await request.json()) as SiteSettings;
        saved.push(body);
        return { ...body, id: SITE_SETTINGS_ID };
      }),
    );
    expect(await screen.findByRole('img', { name: '站点标志预览' })).toHaveAttribute('src', '/uploads/logo-old.png');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '恢复内置标志' }));
    expect(screen.getByText('当前使用内置标志')).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ logoImage: '' });
  });

  it('shows the server’s refusal of an upload and keeps the logo as it was', async () => {
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.img.upload, () => failure(400, '只能上传 PNG、JPEG、WebP 或 GIF 图片')),
    );
    const input = await screen.findByLabelText(/上传站点标志/);
    await userEvent.upload(input, new File(['not an image'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('只能上传 PNG、JPEG、WebP 或 GIF 图片');
    expect(screen.getByText('当前使用内置标志')).toBeInTheDocument();
  });

  it('refuses a certification address that is not a web address, or none, before sending', async () => {
    const saved: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/settings',
      mockCall(api.consoleApi.settingsOne, () => ({ ...SETTINGS, id: SITE_SETTINGS_ID })),
      mockCall(api.consoleApi.settingsUpdate, () => {
        saved.push(1);
        return { ...SETTINGS, id: SITE_SETTINGS_ID };
      }),
    );
    const address = await screen.findByLabelText(/测评认证服务地址/);
    await waitFor(() => expect(address).toHaveValue(SETTINGS.certificationUrl));
    const user = userEvent.setup();
    await replaceText(user, address, 'javascript:alert(1)');
    await save(user);
    expect(await screen.findByText('应为 http(s) 开头的网址')).toBeInTheDocument();
    await user.clear(address);
    await save(user);
    expect(await screen.findByText('请填写测评认证服务地址')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
