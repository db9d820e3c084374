import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from './support.ts';

describe('the console page while its build is missing or being rebuilt', () => {
  const webDist = path.join(os.tmpdir(), `cst-web-${randomUUID().slice(0, 8)}`);
  const ctx = useTestServer({ webDist });

  afterAll(async () => {
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, lang = 'zh-CN') =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

  it('answers a page that says the console is not built, not the JSON 404', async () => {
    const zh = await get('/');
    expect(zh.statusCode).toBe(503);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.body).toContain('控制台页面尚未就绪');
    expect(zh.body).toContain('npm run build');
    const en = await get('/', 'en');
    expect(en.body).toContain('The console page is not ready');
  });

  it('serves the console as soon as the build is back, without a restart', async () => {
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/some/deep/link')).body).toContain('<title>console</title>');
    const asset = await get('/assets/app-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps answering the JSON 404 for unknown API routes and missing assets', async () => {
    const api = await get('/main-api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, message: '接口不存在' });
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });
});
