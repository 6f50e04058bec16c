// Which web build this instance serves: the version open pages compare with their own bundle (spec §2 version check).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { webDistDir } from '../../lib/paths.ts';

export interface BuildInfo {
  /** What pages compare with the `__BUILD_VERSION__` compiled into their bundle. */
  version: string;
  /** When the build was made (ms since the epoch): of two versions, the later build is the newer one. */
  builtAt: number;
}

/** Written by the Vite build next to index.html (see the `build-version` plugin in packages/web/vite.config.ts). */
export const BUILD_INFO_FILE = 'build-version.json';

/** Without a build (development, tests) pages carry this version and never reload for a version notice. */
export const DEV_BUILD_VERSION = 'dev';

function readBuildFile(clientDir: string): BuildInfo | null {
  try {
    const parsed = JSON.parse(
      readFileSync(path.join(clientDir, BUILD_INFO_FILE), 'utf8'),
    ) as Partial<BuildInfo>;
    if (typeof parsed.version !== 'string' || !parsed.version) return null;
    const builtAt =
      typeof parsed.builtAt === 'number' && Number.isFinite(parsed.builtAt) ? parsed.builtAt : 0;
    return { version: parsed.version, builtAt };
  } catch {
    return null;
  }
}

/**
 * The build stamp the Vite build wrote, which is also compiled into the bundle, so server and pages agree exactly.
 * BUILD_VERSION overrides the name (it must then have been given to the build as well); without any build the
 * version is «dev».
 */
export function resolveBuildInfo(
  config: { BUILD_VERSION?: string | undefined },
  options: { clientDir?: string; now?: number } = {},
): BuildInfo {
  const now = options.now ?? Date.now();
  const stamped = readBuildFile(options.clientDir ?? path.join(webDistDir, 'client'));
  if (config.BUILD_VERSION) {
    return {
      version: config.BUILD_VERSION,
      builtAt: stamped?.version === config.BUILD_VERSION ? stamped.builtAt : now,
    };
  }
  return stamped ?? { version: DEV_BUILD_VERSION, builtAt: now };
}
