import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../harness/consoleApi';
import type { RunningSite } from '../harness/site';
import { consoleWrite, imageTitles, runScript, type ServerProcess, startServer } from './serverProcess';

const INSERT = '/lianmeng/img/imageMsgInsert';
const image = (title: string) => ({
  belongSortid: 3,
  isOpen: 0,
  photoAddress: 'https://partner.example.org/logo.png',
  photoTitle: title,
});

const folders: string[] = [];
const servers: ServerProcess[] = [];
const scratch = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-ops-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

const FORM_XSRF = 'e2e-backup-anti-forgery';
/** A portal form call over real HTTP, with the double-submit anti-forgery cookie and header. */
const postForm = async (site: RunningSite, url: string, form: Record<string, string>) => {
  const response = await fetch(`${site.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [HEADERS.xsrf]: FORM_XSRF,
      cookie: `${XSRF_COOKIE}=${FORM_XSRF}`,
    },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as { status: number; message?: string };
};

/**
 * An image challenge with its answer and its solved proof of work, read from the file the test-only switch
 * writes them to.
 */
const solvedChallenge = async (site: RunningSite) => {
  const { data } = (await (await fetch(`${site.url}/api/captcha`)).json()) as { data: { captchaId: string } };
  const lines = await fs.readFile(path.join(site.dataDir, 'captcha-answers.log'), 'utf8');
  const [, answer, proof] =
    lines
      .split('\n')
      .find((line) => line.startsWith(`${data.captchaId} `))
      ?.split(' ') ?? [];
  if (!answer || !proof) throw new Error('no answer written for the challenge');
  return { captchaId: data.captchaId, captchaCode: answer, captchaProof: proof };
};

const DEMO_PHONE = '13800000000';

describe('npm run backup and npm run restore (SQLite)', () => {
  it('backs up during a stream of writes; the restore starts and holds every write acknowledged before it began', async () => {
    const original = await scratch();
    const site = await startServer(original, { CAPTCHA: 'on', LIANMENG_TEST_CAPTCHA_ANSWERS: '1' });
    servers.push(site);
    const session = await signIn(site, 'editor');
    // An SMS code and an image challenge issued before the backup, to be used after the restore.
    const sent = await postForm(site, '/api/uc/user/sendCode', { phone: DEMO_PHONE, ...(await solvedChallenge(site)) });
    expect(sent.status, sent.message).toBe(200);
    const outbox = (await fs.readFile(path.join(original, 'sms-outbox.log'), 'utf8')).trim().split('\n');
    const code = outbox.at(-1)?.split(' ').at(-1) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const challengeForLater = await solvedChallenge(site);

    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (name: string) => {
      for (let index = 0; writing; index += 1) {
        const title = `备份期间写入 ${name}-${index}`;
        const answer = await consoleWrite(site.url, session, INSERT, image(title));
        if (answer.status !== 200) throw new Error(`write refused: ${JSON.stringify(answer.body)}`);
        acknowledged.push(title);
      }
    };
    const writers = [writer('a'), writer('b')];
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = [...acknowledged];
    const backup = await runScript('backup.mjs', [], { DATA_DIR: original });
    const duringOrAfter = acknowledged.length - before.length;
    while (acknowledged.length < before.length + duringOrAfter + 10) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writing = false;
    await Promise.all(writers);
    expect(backup.code, backup.output).toBe(0);
    const folder = /备份完成：(.+)/.exec(backup.output)?.[1]?.trim() ?? '';
    expect(path.dirname(folder)).toBe(path.join(original, 'backups'));
    const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest.integrity).toBe('ok');
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
    console.info(
      `backup: ${before.length} writes acknowledged before it, ${duringOrAfter} while it ran, ${acknowledged.length} in all; ${manifest.uploads} uploads`,
    );

    // Restoring over a database a server holds open is refused, and changes nothing.
    const refused = await runScript('restore.mjs', [folder], { DATA_DIR: original });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('数据库正被运行中的服务器使用');
    const stillServed = await imageTitles(site, session, 3);
    expect(acknowledged.filter((title) => !stillServed.has(title))).toEqual([]);
    await site.stop();

    const restoredDir = await scratch();
    // A key generated there meanwhile (a server started on the new folder) gives way to the backup's, kept aside.
    await fs.writeFile(path.join(restoredDir, 'sms-code-key'), 'another-key', { mode: 0o600 });
    const restore = await runScript('restore.mjs', [folder], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    const keptAside = (await fs.readdir(restoredDir)).filter((name) => name.startsWith('sms-code-key.before-restore-'));
    expect(keptAside).toHaveLength(1);
    expect(await fs.readFile(path.join(restoredDir, keptAside[0] ?? ''), 'utf8')).toBe('another-key');
    const uploadsInBackup = (await fs.readdir(path.join(folder, 'uploads'))).sort();
    expect(uploadsInBackup.length).toBeGreaterThan(0);
    expect((await fs.readdir(path.join(restoredDir, 'uploads'))).sort()).toEqual(uploadsInBackup);

    // The generated keys came back with the data, owner-only.
    for (const name of ['card-login-key.pem', 'sms-code-key']) {
      const restoredKey = path.join(restoredDir, name);
      expect(await fs.readFile(restoredKey, 'utf8')).toBe(await fs.readFile(path.join(original, name), 'utf8'));
      expect((await fs.stat(restoredKey)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(path.join(folder, name))).mode & 0o777).toBe(0o600);
    }
    expect(manifest.keys).toEqual(['card-login-key.pem', 'sms-code-key']);

    const restored = await startServer(restoredDir, { CAPTCHA: 'on' });
    servers.push(restored);
    // So the code and the challenge issued before the backup still verify on the restored server.
    const loggedIn = await postForm(restored, '/api/uc/user/loginByPhoneAndCode', { phone: DEMO_PHONE, code });
    expect(loggedIn.status, loggedIn.message).toBe(200);
    const answered = await postForm(restored, '/api/uc/user/sendCode', { phone: '13900000000', ...challengeForLater });
    expect(answered.status, answered.message).toBe(200);
    const health = await (await fetch(`${restored.url}/healthz`)).json();
    expect(health.data.database).toBe('ok');
    // The console session was in the database too: it is valid on the restored server.
    const titles = await imageTitles(restored, session, 3);
    const lost = before.filter((title) => !titles.has(title));
    expect(lost).toEqual([]);
    // Nothing written after the backup finished is there.
    expect(titles.has(acknowledged.at(-1) ?? '')).toBe(false);
    const partner = await fetch(`${restored.url}/uploads/${uploadsInBackup.find((name) => name.endsWith('.png'))}`);
    expect(partner.status).toBe(200);
  });

  it('tells the operator to use pg_dump and pg_restore for PostgreSQL', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DATA_DIR: await scratch() };
    for (const [script, args] of [
      ['backup.mjs', []],
      ['restore.mjs', ['x']],
    ] as const) {
      const result = await runScript(script, [...args], env);
      expect(result.code).toBe(2);
      expect(result.output).toContain('pg_dump');
      expect(result.output).toContain('pg_restore');
    }
  });

  it('refuses a folder that is not a backup, in Chinese, without touching anything', async () => {
    const dataDir = await scratch();
    const result = await runScript('restore.mjs', [dataDir], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain('不是 npm run backup 写出的备份目录');
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
