// Vitest's file order, longest first across every project, so the two workers of a 2-core machine
// finish together. Vitest's own order runs a project after another and, on a clean clone (no
// results cache), the larger files first: the slowest files are short (the crash-safety journey,
// 102 lines and 99 s; the authorization matrix, 60 lines and 128 s) and started last, so one core
// ran them alone for minutes while the other had finished (docs/benchmarks.md, "CI time").
import path from 'node:path';
import { BaseSequencer } from 'vitest/node';

/**
 * Seconds each of the slowest files took in CI on the 2-core machine (docs/benchmarks.md, "CI time"),
 * by `project:path`. Only the order is taken from them: a file missing here runs after those listed,
 * larger files first; a duration Vitest measured on this machine (its results cache) comes first.
 */
const CI_SECONDS = {
  'server:apps/server/src/http/fuzzing.test.ts': 222,
  'server:apps/server/src/http/authorization-matrix.test.ts': 128,
  'e2e:e2e/crash-safety.spec.ts': 99,
  'e2e:e2e/accessibility.spec.ts': 110,
  'e2e:e2e/accessibility-dashboard.spec.ts': 100,
  'e2e:e2e/shutdown.spec.ts': 80,
  'server:apps/server/src/cart/checkout.test.ts': 44,
  'server:apps/server/src/cart/cart.test.ts': 43,
  'e2e:e2e/visitor-finds-a-tool.spec.ts': 32,
  'e2e:e2e/owner-edits-and-roles.spec.ts': 27,
  'server:apps/server/src/catalogue/catalogue.test.ts': 27,
  'e2e:e2e/queries-inbox.spec.ts': 24,
  // The last CI's seconds of journeys it ran last, after the small files, so one worker ran them
  // alone at the end; each measured again beside other sessions' tests (wall s under load in
  // brackets): accounts' CI time is that figure scaled as the others' were (about 0.75).
  'e2e:e2e/accounts.spec.ts': 60, // [68-100]
  'e2e:e2e/words-and-access.spec.ts': 48, // [60]
  'e2e:e2e/trade-account.spec.ts': 45, // [70]
  'e2e:e2e/shop-speaks-plainly.spec.ts': 41, // [51]
  'e2e:e2e/admin-finds-orders.spec.ts': 37, // [52]
};

export default class LongestFirst extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const { cache, config } = this.ctx;
    const known = (file) => {
      const key = `${file.project.name}:${path.relative(config.root, file.moduleId)}`;
      return cache.getFileTestResults(key)?.duration ?? (CI_SECONDS[key] === undefined ? undefined : CI_SECONDS[key] * 1000);
    };
    const size = (file) => cache.getFileStats(`${file.project.name}:${path.relative(config.root, file.moduleId)}`)?.size ?? 0;
    return [...files].sort((a, b) => {
      const [durationA, durationB] = [known(a), known(b)];
      if (durationA !== undefined && durationB !== undefined) return durationB - durationA;
      if (durationA !== undefined || durationB !== undefined) return durationA !== undefined ? -1 : 1;
      return size(b) - size(a);
    });
  }
}
