// The last build announced to open pages: in Redis when instances share one (so only a newer build announces), else
// in this process.
import type { Redis } from 'ioredis';
import type { BuildInfo } from './build-version.ts';

/** `announce`: this build is newer than the last announced one and is now the last; `same`/`older`: stay quiet. */
export type VersionClaim = 'announce' | 'same' | 'older';

export interface VersionRegistry {
  claim(build: BuildInfo): Promise<VersionClaim>;
}

function compare(last: BuildInfo | null, build: BuildInfo): VersionClaim {
  if (!last) return 'announce';
  if (last.version === build.version) return 'same';
  // An old build restarted during a rolling deploy must not send pages back to it.
  return last.builtAt > build.builtAt ? 'older' : 'announce';
}

export function createMemoryVersionRegistry(): VersionRegistry {
  let last: BuildInfo | null = null;
  return {
    async claim(build) {
      const outcome = compare(last, build);
      if (outcome === 'announce') last = { ...build };
      return outcome;
    },
  };
}

/** Compare-and-set in one step, so two instances starting together cannot both win with different builds. */
const CLAIM_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local separator = string.find(current, '|', 1, true)
  if separator then
    local builtAt = tonumber(string.sub(current, 1, separator - 1))
    local version = string.sub(current, separator + 1)
    if version == ARGV[2] then return 0 end
    if builtAt and builtAt > tonumber(ARGV[1]) then return -1 end
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2])
return 1
`;

export function createRedisVersionRegistry(redis: Redis, key: string): VersionRegistry {
  return {
    async claim(build) {
      const result = Number(await redis.eval(CLAIM_SCRIPT, 1, key, String(build.builtAt), build.version));
      return result === 1 ? 'announce' : result === 0 ? 'same' : 'older';
    },
  };
}
