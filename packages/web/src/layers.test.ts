// The layers biome.json enforces (docs/decisions/033-layers-by-rule.md). Web: app/ composes, features import lib/
// and components/ but never app/ or each other, lib/ and components/ never import features/ or app/. Server: a
// feature (features/x/, features/admin/x/) never imports another feature's *.repo.ts, and neither do plugins/, lib/
// and the composition files in src/ — they go through the feature's *.service.ts. Modules (decision 051): a module
// never imports another module, a flow, a feature or the composition files; the rest of the server reaches a module
// through its index.ts only; back-office/ imports no module, feature or flow.
// Each case is a one-line module written into the folder it speaks for (made for the run if it does not exist),
// linted by the repository's own Biome and configuration (Biome reports nothing for stdin), and removed again.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const WEB = 'packages/web/src';
const SERVER = 'packages/server/src';

interface Case {
  /** Folder of the probe, from the repository's root. */
  folder: string;
  code: string;
}

const CROSS_FEATURE = 'Features do not import each other';
const FEATURE_TO_APP = 'app/ only composes';
const UPWARD = 'never import features/ or app/';
const REACT_ROUTER = "The shop's router lives in";
const FEATURE_REPO = "only through that feature's *.service.ts";
const OUTER_REPO = 'call a feature through its *.service.ts';
const CROSS_MODULE = 'A module never imports another module';
const MODULE_UP = 'A module stands below flows';
const MODULE_FACE = 'through its public face';
const GROUND = 'back-office/ is the ground';

/** [case, the message expected, or null for an import the rules let through]. */
const CASES: Array<[Case, string | null]> = [
  [
    { folder: `${WEB}/features/account`, code: "import { readMyCourses } from '../school/school-api.ts';" },
    CROSS_FEATURE,
  ],
  [
    { folder: `${WEB}/features/admin/content`, code: "import { X } from '../../reviews/review-slots.tsx';" },
    CROSS_FEATURE,
  ],
  [
    {
      folder: `${WEB}/features/catalog`,
      code: "export { StaticPage } from '../static-pages/static-page.tsx';",
    },
    CROSS_FEATURE,
  ],
  [
    { folder: `${WEB}/features/cart`, code: "import { createRoutes } from '../../app/routes.tsx';" },
    FEATURE_TO_APP,
  ],
  [
    { folder: `${WEB}/features/admin/orders`, code: "import { X } from '../../../app/dynamic-page.tsx';" },
    FEATURE_TO_APP,
  ],
  [{ folder: `${WEB}/lib`, code: "import { CartPage } from '../features/cart/cart-page.tsx';" }, UPWARD],
  [{ folder: `${WEB}/lib/router`, code: "import { createRoutes } from '../../app/routes.tsx';" }, UPWARD],
  [{ folder: `${WEB}/components/ui`, code: "import { X } from '../../app/layout/root-layout.tsx';" }, UPWARD],
  [
    {
      folder: `${WEB}/components/shop`,
      code: "import { X } from '../../features/catalog/product-page.tsx';",
    },
    UPWARD,
  ],
  [{ folder: `${WEB}/features/home`, code: "import { Link } from 'react-router';" }, REACT_ROUTER],
  [
    { folder: `${WEB}/features/account`, code: "import { useAccountData } from '../../lib/remote-data.ts';" },
    null,
  ],
  [
    { folder: `${WEB}/features/account`, code: "import { X } from '../../components/shop/account-ui.tsx';" },
    null,
  ],
  [
    { folder: `${WEB}/features/account`, code: "import { AccountHomePage } from './account-home-page.tsx';" },
    null,
  ],
  [{ folder: `${WEB}/features/admin/content`, code: "import { useAdminApi } from '../admin-api.ts';" }, null],
  [
    { folder: `${WEB}/features/admin/content`, code: "import { X } from '../../../components/ui/form.tsx';" },
    null,
  ],
  [{ folder: `${WEB}/lib`, code: "import { Link } from './router/link.tsx';" }, null],
  [{ folder: `${WEB}/lib/router`, code: "import { Link } from 'react-router';" }, null],
  [{ folder: `${WEB}/app`, code: "import { CartPage } from '../features/cart/cart-page.tsx';" }, null],
  [
    {
      folder: `${SERVER}/features/cart`,
      code: "import { buyerHasOrdered } from '../orders/orders.repo.ts';",
    },
    FEATURE_REPO,
  ],
  [
    {
      folder: `${SERVER}/features/exchange`,
      code: "import { upsertStagedGoods } from '../catalog/catalog-import.repo.ts';",
    },
    FEATURE_REPO,
  ],
  [
    {
      folder: `${SERVER}/features/admin/layers-probe`,
      code: "import { X } from '../../orders/orders.repo.ts';",
    },
    FEATURE_REPO,
  ],
  [
    { folder: `${SERVER}/features/admin/layers-probe`, code: "import { X } from '../admin.repo.ts';" },
    FEATURE_REPO,
  ],
  [
    {
      folder: `${SERVER}/plugins`,
      code: "import { findUserById } from '../features/account/account.repo.ts';",
    },
    OUTER_REPO,
  ],
  [
    { folder: `${SERVER}/lib`, code: "import { deleteCart } from '../features/cart/cart.repo.ts';" },
    OUTER_REPO,
  ],
  [
    { folder: SERVER, code: "import { findProductForCart } from './features/cart/cart.repo.ts';" },
    OUTER_REPO,
  ],
  [
    {
      folder: `${SERVER}/features/exchange`,
      code: "import { upsertStagedGoods } from '../catalog/catalog.service.ts';",
    },
    null,
  ],
  [{ folder: `${SERVER}/features/orders`, code: "import { findOrderById } from './orders.repo.ts';" }, null],
  [{ folder: `${SERVER}/features/orders`, code: "import { carts } from '../cart/cart.table.ts';" }, null],
  [{ folder: `${SERVER}/features/admin/layers-probe`, code: "import { X } from './probe.repo.ts';" }, null],
  [
    {
      folder: `${SERVER}/plugins`,
      code: "import { findUserById } from '../features/account/account.service.ts';",
    },
    null,
  ],
  [{ folder: SERVER, code: "import { findProductForCart } from './features/cart/cart.service.ts';" }, null],
  // Modules and flows (decision 051): a planted cross-module import is refused, and so is any way round the face.
  [
    { folder: `${SERVER}/modules/delivery`, code: "import { makeBackup } from '../backup/index.ts';" },
    CROSS_MODULE,
  ],
  [
    {
      folder: `${SERVER}/modules/backup`,
      code: "import { quoteDelivery } from '../delivery/delivery.service.ts';",
    },
    CROSS_MODULE,
  ],
  [
    { folder: `${SERVER}/modules/delivery`, code: "import { X } from '../../flows/housekeeping.ts';" },
    MODULE_UP,
  ],
  [
    {
      folder: `${SERVER}/modules/delivery`,
      code: "import { X } from '../../features/orders/orders.service.ts';",
    },
    MODULE_UP,
  ],
  [
    {
      folder: `${SERVER}/features/orders`,
      code: "import { quoteDelivery } from '../../modules/delivery/delivery.service.ts';",
    },
    MODULE_FACE,
  ],
  [
    {
      folder: `${SERVER}/flows`,
      code: "import { quoteDelivery } from '../modules/delivery/delivery.service.ts';",
    },
    MODULE_FACE,
  ],
  [{ folder: SERVER, code: "import { makeBackup } from './modules/backup/make-backup.ts';" }, MODULE_FACE],
  [
    { folder: `${SERVER}/back-office`, code: "import { X } from '../features/orders/orders.service.ts';" },
    GROUND,
  ],
  [
    {
      folder: `${SERVER}/back-office`,
      code: "import { quoteDelivery } from '../modules/delivery/index.ts';",
    },
    GROUND,
  ],
  [
    {
      folder: `${SERVER}/modules/delivery`,
      code: "import { writeAudit } from '../../back-office/audit.ts';",
    },
    null,
  ],
  [
    { folder: `${SERVER}/modules/delivery`, code: "import { findPickupPoint } from './delivery.repo.ts';" },
    null,
  ],
  [
    {
      folder: `${SERVER}/features/orders`,
      code: "import { quoteDelivery } from '../../modules/delivery/index.ts';",
    },
    null,
  ],
  [
    { folder: `${SERVER}/flows`, code: "import { quoteDelivery } from '../modules/delivery/index.ts';" },
    null,
  ],
  // Decision 061: the school and Telegram stand as modules; enrolment (seat, order, payment) is a flow.
  [
    {
      folder: `${SERVER}/modules/school`,
      code: "import { insertOrder } from '../../features/orders/orders.service.ts';",
    },
    MODULE_UP,
  ],
  [
    { folder: `${SERVER}/modules/school`, code: "import { X } from '../../flows/course-enrolment.ts';" },
    MODULE_UP,
  ],
  [
    { folder: `${SERVER}/modules/school`, code: "import { TelegramError } from '../telegram/index.ts';" },
    CROSS_MODULE,
  ],
  [
    {
      folder: `${SERVER}/modules/telegram`,
      code: "import { findUserById } from '../../features/account/account.service.ts';",
    },
    MODULE_UP,
  ],
  [
    {
      folder: `${SERVER}/features/search`,
      code: "import { courses } from '../../modules/school/school.table.ts';",
    },
    MODULE_FACE,
  ],
  [{ folder: `${SERVER}/flows`, code: "import { takeSeat } from '../modules/school/index.ts';" }, null],
];

interface BiomeReport {
  diagnostics: Array<{ category: string; message: string; location: { path: string } }>;
}

/** Probe file (from the repository's root) → the noRestrictedImports messages Biome gave it. */
const messages = new Map<string, string[]>();
const suffix = randomBytes(4).toString('hex');
const probeOf = (index: number) => `${CASES[index]![0].folder}/layers-probe-${suffix}-${index}.ts`;

beforeAll(async () => {
  const files = CASES.map((_, index) => probeOf(index));
  const madeFolders = [...new Set(CASES.map(([probe]) => probe.folder))].filter(
    (folder) => !existsSync(path.join(repoRoot, folder)),
  );
  try {
    await Promise.all(madeFolders.map((folder) => mkdir(path.join(repoRoot, folder), { recursive: true })));
    await Promise.all(
      files.map((file, index) => writeFile(path.join(repoRoot, file), `${CASES[index]![0].code}\n`)),
    );
    const output = await promisify(execFile)(
      process.execPath,
      [biome, 'lint', '--only=style/noRestrictedImports', '--reporter=json', ...files],
      { cwd: repoRoot },
    ).then(
      ({ stdout }) => stdout,
      // Exit code 1: some probe was refused, as most should be; the report is on stdout all the same.
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const report = JSON.parse(output) as BiomeReport;
    for (const diagnostic of report.diagnostics) {
      if (diagnostic.category !== 'lint/style/noRestrictedImports') continue;
      const list = messages.get(diagnostic.location.path) ?? [];
      list.push(diagnostic.message);
      messages.set(diagnostic.location.path, list);
    }
  } finally {
    await Promise.all(files.map((file) => rm(path.join(repoRoot, file), { force: true })));
    await Promise.all(
      madeFolders.map((folder) => rm(path.join(repoRoot, folder), { recursive: true, force: true })),
    );
  }
}, 60_000);

describe('the layers of biome.json', () => {
  it.each(CASES.map(([probe, expected], index) => ({ ...probe, expected, index })))(
    '$folder: $code → $expected',
    ({ index, expected }) => {
      const found = messages.get(probeOf(index)) ?? [];
      if (expected === null) expect(found).toEqual([]);
      else expect(found).toEqual([expect.stringContaining(expected)]);
    },
  );
});
