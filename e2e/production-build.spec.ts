// The production server renders with React's and React Router's production builds, whatever NODE_ENV it inherits:
// the development builds render a page at about half the speed (issue 18). The shop runs with a hook that records
// every module it loads; a product page, the catalogue and the home page are rendered, then the list is checked.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, repoRoot, startSeededShop } from './support/server.ts';

const recordFile = path.join(tmpdir(), `efir-modules-${process.pid}-${Date.now()}.json`);

describe('production server', () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startSeededShop({
      // What a test runner or a careless shell would pass on; the server must not take it.
      NODE_ENV: 'development',
      NODE_OPTIONS: `--import=${path.join(repoRoot, 'e2e/support/record-modules.mjs')}`,
      RECORD_MODULES_FILE: recordFile,
    });
  });
  afterAll(async () => {
    await rm(recordFile, { force: true });
  });

  it('loads no development build of React, React DOM or React Router while rendering pages', async () => {
    for (const page of ['/', '/catalog.html', '/lavanda-uzkolistnaya-10-ml.html']) {
      const response = await fetch(`${shop.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain('</html>');
    }
    expect(await shop.stop('SIGTERM')).toBe(0);
    const modules = JSON.parse(await readFile(recordFile, 'utf8')) as string[];
    const react = modules.filter((file) =>
      /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(file),
    );
    // The render did go through React DOM's server build, so the list is the one to look at.
    expect(react.some((file) => /react-dom-server\.node\.production/.test(file))).toBe(true);
    expect(react.filter((file) => /development/.test(file))).toEqual([]);
  });
});
