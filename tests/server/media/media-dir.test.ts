// Where rendered snapshots and video are kept: a configured MEDIA_DIR stays, the default temp folder goes at close.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server';

describe('the media folder', () => {
  it('is a temp folder of the server\'s own by default, removed with what was rendered in it at close', async () => {
    const server = await startServer();
    const dir = server.services.mediaDir;
    expect(fs.existsSync(dir)).toBe(true);
    fs.mkdirSync(path.join(dir, 'photos'));
    fs.writeFileSync(path.join(dir, 'photos', 'a.jpg'), 'x');
    await server.close();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('keeps a configured folder and its files at close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-media-kept-'));
    fs.writeFileSync(path.join(dir, 'kept.jpg'), 'x');
    const server = await startServer({ mediaDir: dir });
    expect(server.services.mediaDir).toBe(dir);
    await server.close();
    expect(fs.readFileSync(path.join(dir, 'kept.jpg'), 'utf8')).toBe('x');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
