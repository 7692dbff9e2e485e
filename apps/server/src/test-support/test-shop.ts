import { afterAll, beforeAll } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { startTestShop, type TestShop } from './test-app.ts';
import type { TestDatabaseKind } from './test-databases.ts';
import { firstTool } from './test-orders.ts';
import { registerUser, type TestUser } from './test-users.ts';

type StartOptions = NonNullable<Parameters<typeof startTestShop>[1]>;

export interface TestShopOptions extends StartOptions {
  /** Register a customer (named as given, or by a random name) and an admin, each with an API token. */
  users?: boolean | { customerName: string };
  /** Read the first tool of the seeded catalogue (a GET, which fills the catalogue's cache). */
  tool?: boolean;
}

/** A suite's shop: usable wherever a TestShop is, plus the callers and tool it was asked for. */
export interface ShopFrame extends TestShop {
  /** A signed-in customer (needs `users: true`). */
  readonly customer: TestUser;
  /** A signed-in admin (needs `users: true`). */
  readonly admin: TestUser;
  /** The first tool of the seeded catalogue (needs `seed: true, tool: true`). */
  readonly tool: Tool;
}

/**
 * The frame of a server test suite: the real app on a fresh database of `kind`, started before the
 * suite's first test and closed after its last, with the callers most suites need. Call it inside
 * `describe`; the returned object reads the started shop, so it is used inside tests and hooks.
 */
export function useTestShop(kind: TestDatabaseKind, options: TestShopOptions | (() => TestShopOptions) = {}): ShopFrame {
  let shop: TestShop | undefined;
  let users: { customer: TestUser; admin: TestUser } | undefined;
  let tool: Tool | undefined;

  beforeAll(async () => {
    // A function is read here, after the suite's earlier hooks started what it points at.
    const { users: withUsers, tool: withTool, ...startOptions } = typeof options === 'function' ? options() : options;
    shop = await startTestShop(kind, startOptions);
    if (withUsers) {
      const customerName = typeof withUsers === 'object' ? withUsers.customerName : undefined;
      users = { customer: await registerUser(shop, { name: customerName }), admin: await registerUser(shop, { role: 'admin' }) };
    }
    if (withTool) tool = await firstTool(shop);
  });
  afterAll(() => shop?.close());

  function ready<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`useTestShop: ${what} (read it inside a test or hook, after the shop started)`);
    return value;
  }
  const started = () => ready(shop, 'the shop has not started');

  return {
    get app() {
      return started().app;
    },
    get core() {
      return started().core;
    },
    get database() {
      return started().database;
    },
    get config() {
      return started().config;
    },
    outbox: () => started().outbox(),
    close: () => started().close(),
    get customer() {
      return ready(users, 'no customer: pass users: true').customer;
    },
    get admin() {
      return ready(users, 'no admin: pass users: true').admin;
    },
    get tool() {
      return ready(tool, 'no tool: pass seed: true, tool: true');
    },
  };
}
