import { describe, expect, it } from 'vitest';
import { checkDriverPhoto, checkTankTableFile, fileExtension } from '../../../domain/validation/upload';

const MB = 1024 * 1024;

describe('fileExtension', () => {
  it.each([
    ['table.txt', 'txt'],
    ['TABLE.TXT', 'txt'],
    ['archive.tar.gz', 'gz'],
    ['txt', ''],
    ['.txt', ''],
    ['name.', ''],
  ])('%j → %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('checkTankTableFile', () => {
  it.each([
    ['tank.txt', 10, undefined],
    ['TANK.TXT', MB, undefined],
    ['tank.Txt', 0, undefined],
    ['tank.txt', MB + 1, 'validation.tankTableSize'],
    ['tank.csv', 10, 'validation.tankTableType'],
    ['tank.txt.exe', 10, 'validation.tankTableType'],
    ['txt', 10, 'validation.tankTableType'],
    ['tank.xlsx', 5 * MB, 'validation.tankTableType'],
  ])('%s of %i bytes → %s', (name, size, expected) => {
    expect(checkTankTableFile({ name, size })).toBe(expected);
  });
});

describe('checkDriverPhoto', () => {
  it.each([
    ['face.jpg', 100, undefined],
    ['face.JPEG', 100, undefined],
    ['face.gif', 100, undefined],
    ['face.png', MB - 1, undefined],
    ['face.png', MB, 'validation.photoSize'],
    ['face.jpg', 2 * MB, 'validation.photoSize'],
    ['face.bmp', 100, 'validation.photoType'],
    ['face.webp', 100, 'validation.photoType'],
    ['face', 100, 'validation.photoType'],
    ['face.pdf', 2 * MB, 'validation.photoType'],
  ])('%s of %i bytes → %s', (name, size, expected) => {
    expect(checkDriverPhoto({ name, size })).toBe(expected);
  });
});
