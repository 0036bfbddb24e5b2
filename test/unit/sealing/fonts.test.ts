// Where the sealing fonts come from: the npm packages in development, SEAL_FONT_DIR in a Lambda bundle.
import { existsSync } from 'node:fs';
import { FONT_FILES } from '../../../lambdas/sealing/index';
import { fontPath } from '../../../lambdas/sealing/fonts';

describe('sealing fonts', () => {
  const saved = process.env.SEAL_FONT_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.SEAL_FONT_DIR;
    else process.env.SEAL_FONT_DIR = saved;
  });

  it('lists Noto Sans JP and KR, each resolvable from its npm package', () => {
    delete process.env.SEAL_FONT_DIR;
    expect(FONT_FILES.map((f) => f.file)).toEqual(['NotoSansJP_400Regular.ttf', 'NotoSansKR_400Regular.ttf']);
    for (const file of FONT_FILES) {
      const path = fontPath(file);
      expect(path.endsWith(`/${file.file}`)).toBe(true);
      expect(existsSync(path)).toBe(true);
    }
  });

  it('reads the fonts from SEAL_FONT_DIR when the bundle sets it', () => {
    process.env.SEAL_FONT_DIR = '/var/task/fonts/';
    expect(fontPath(FONT_FILES[0]!)).toBe('/var/task/fonts/NotoSansJP_400Regular.ttf');
  });
});
