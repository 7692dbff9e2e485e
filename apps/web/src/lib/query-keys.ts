import type { CheckoutQuoteRequest } from '@voltline/shared/checkout';

/**
 * The query keys of the shop's data, one factory per business area (features/<area>), and the only
 * place a key is written: code asks a factory, never retypes a key. They live in lib/, not in each
 * area, because a change made in one area refreshes what another shows (shipping or refunding an
 * order changes the stock the catalogue lists, paying one changes the orders and tools) and features
 * do not import each other. Each key starts with its area's, so invalidating a prefix refreshes
 * everything under it.
 */

/** What a paged table shows (filter, search, page); each combination is its own cache entry. */
export type ListView = Readonly<Record<string, string | undefined>>;

export const toolKeys = {
  all: ['tools'] as const,
  storefront: () => [...toolKeys.all, 'storefront'] as const,
  /** The catalogue page (/tools): a search, its price range and stock, and an order. */
  catalogue: (view: ListView) => [...toolKeys.all, 'catalogue', view] as const,
  adminList: (view: ListView) => [...toolKeys.all, 'admin', view] as const,
  detail: (toolId: string) => [...toolKeys.all, 'detail', toolId] as const,
  /** A tool's picture gallery (issue 40): under the tools', so a change of the tool refreshes it. */
  pictures: (toolId: string) => [...toolKeys.all, 'pictures', toolId] as const,
  /** The categories' tree (issue 40): under the tools', so a tool moved between categories refreshes its counts. */
  categories: () => [...toolKeys.all, 'categories'] as const,
  /** A category page's filtered search: its category, filters, price range, stock and order. */
  search: (view: ListView) => [...toolKeys.all, 'search', view] as const,
  /** The admin's tool families (issue 40): under the tools', so a tool's change (its stock, its name) refreshes them. */
  families: () => [...toolKeys.all, 'families'] as const,
  /** What fits a tool (`accessories`) or the tools an accessory fits (`fits`), past the first few its page shows (issue 40): under the tools', so a link changed refreshes it. */
  fitting: (toolId: string, direction: 'accessories' | 'fits') => [...toolKeys.all, 'fitting', toolId, direction] as const,
  /** A tool's stock movements, newest first (Manage Tools, Stock): under the tools', so every stock change refreshes it. */
  stockHistory: (toolId: string) => [...toolKeys.all, 'stock-history', toolId] as const,
  /** How many back-in-stock alerts wait for the tool (Manage Tools, Stock): under the tools', so a receipt that mails them refreshes it. */
  stockAlerts: (toolId: string) => [...toolKeys.all, 'stock-alerts', toolId] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  /** Where the customer's latest order went, to fill in the checkout (issue 43): under theirs, so a new order refreshes it. */
  lastDelivery: () => [...orderKeys.mine(), 'last-delivery'] as const,
  adminLists: () => [...orderKeys.all, 'admin'] as const,
  adminList: (view: ListView) => [...orderKeys.adminLists(), view] as const,
  overview: () => [...orderKeys.all, 'overview'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  history: (orderId: string) => [...orderKeys.detail(orderId), 'history'] as const,
  /** An order's parcels: under the order, so shipping (which refreshes every order key) refreshes them. */
  shipments: (orderId: string) => [...orderKeys.detail(orderId), 'shipments'] as const,
  /** The carriers the Ship dialog offers. */
  carriers: () => [...orderKeys.all, 'carriers'] as const,
  /** When an order's withdrawal period and warranty end (My Orders' return button): under the order. */
  returnWindow: (orderId: string) => [...orderKeys.detail(orderId), 'return-window'] as const,
  /** Returns sit under orders: a refund or a parcel refreshes them, and a return's steps refresh the orders. */
  returns: () => [...orderKeys.all, 'returns'] as const,
  returnList: (status: string) => [...orderKeys.returns(), 'list', status] as const,
  returnDetail: (returnId: string) => [...orderKeys.returns(), 'detail', returnId] as const,
};

/**
 * The signed-in customer's cart on the server. A visitor's cart lives in the browser
 * (features/cart/browser-cart.ts) and has no key. Signing out drops it with every other query.
 */
export const cartKeys = {
  all: ['cart'] as const,
  mine: () => [...cartKeys.all, 'mine'] as const,
  /**
   * What the cart (or the purchase page's one tool: `lines`) would cost with the buyer's choices, as
   * checked by the shared schema. Under the cart's key: a change to the cart asks again.
   */
  quote: (request: CheckoutQuoteRequest) => [...cartKeys.all, 'quote', request] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  newest: () => [...reviewKeys.all, 'newest'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
  /** The signed-in customer's own reviews (Add A Review), to edit or delete. */
  mine: () => [...reviewKeys.all, 'mine'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (view: ListView) => [...userKeys.all, 'list', view] as const,
  roleHistory: (profileId: string) => [...userKeys.all, 'role-history', profileId] as const,
};

export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  endpoints: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};

/** The shop's API keys (decision 066). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

/** The "Ask us anything" queries of the admins' Queries inbox. */
export const inboxKeys = {
  all: ['queries'] as const,
  list: (view: ListView) => [...inboxKeys.all, 'list', view] as const,
};

/**
 * Who is signed in. Its own key, outside every area's: signing out clears every other query
 * (session-provider.tsx) and keeps this one.
 */
export const sessionKey = ['session'] as const;

/** GET /api/client-config: the shop's set-up (its country, its standard VAT rate), the same for everyone. */
export const clientConfigKey = ['client-config'] as const;

/** The signed-in user's own account: profile, admin status, and how they may sign in. */
export const accountKeys = {
  all: ['account'] as const,
  socialProviders: () => [...accountKeys.all, 'social-providers'] as const,
  profile: (email: string) => [...accountKeys.all, 'profile', email] as const,
  adminStatus: (email: string) => [...accountKeys.all, 'admin-status', email] as const,
  twoFactor: (email: string) => [...accountKeys.all, 'two-factor', email] as const,
};

/**
 * Payment, apart from orders on purpose: refreshing an order after it is paid must not ask for a
 * payment intent again (the server answers 409 for a paid order).
 */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  intent: (orderId: string) => [...paymentKeys.all, 'intent', orderId] as const,
};

/**
 * Where the server's render notes that there is no such tool (its page answered 404), so that the
 * page hydrates as "Tool not found" without asking again. Outside toolKeys on purpose: a change to
 * the catalogue refreshes tools, not this note.
 */
export const missingToolKey = (toolId: string) => ['missing-tool', toolId] as const;

/**
 * What an order costs: the delivery rates, the delivery promotion (as admins set it, and as the home
 * page's banner shows it) and the coupon codes. A change to the promotion refreshes the banner too.
 */
export const pricingKeys = {
  all: ['pricing'] as const,
  deliveryRates: () => [...pricingKeys.all, 'delivery-rates'] as const,
  promotion: () => [...pricingKeys.all, 'delivery-promotion'] as const,
  /** The promotion as it applies now (public). */
  currentPromotion: () => [...pricingKeys.promotion(), 'current'] as const,
  coupons: () => [...pricingKeys.all, 'coupons'] as const,
  taxSettings: () => [...pricingKeys.all, 'tax-settings'] as const,
  couponList: (view: ListView) => [...pricingKeys.coupons(), view] as const,
};

/**
 * Business accounts (issue 39): the signed-in customer's own, and the admins' Trade accounts list.
 * Under one key: a decision on the list changes what its customer sees, and the checkout's quote
 * (cartKeys) is asked again when its page opens.
 */
export const tradeKeys = {
  all: ['trade'] as const,
  mine: () => [...tradeKeys.all, 'mine'] as const,
  list: (view: ListView) => [...tradeKeys.all, 'list', view] as const,
  /** The open orders on account (decision 060): a bank payment moves them, and the accounts' open sums with them. */
  onAccount: (view: ListView) => [...tradeKeys.all, 'on-account', view] as const,
};

/**
 * Customer groups (decision 059): the admins' groups, a group's prices and members, and the caller's
 * own prices of some tools. Under one key: an admin's change is read again everywhere it shows.
 */
export const groupKeys = {
  all: ['customer-groups'] as const,
  groups: () => [...groupKeys.all, 'groups'] as const,
  prices: (group: string) => [...groupKeys.all, 'prices', group] as const,
  members: (group: string) => [...groupKeys.all, 'members', group] as const,
  mine: (userEmail: string, toolIds: readonly string[]) => [...groupKeys.all, 'mine', userEmail, toolIds] as const,
};

export const shopPageKeys = {
  all: ['shop-pages'] as const,
  detail: (slug: string) => [...shopPageKeys.all, slug] as const,
};

/**
 * What a tool added, changed or removed makes stale (useRefreshingMutation): every tool list and
 * tool, and the overview, whose low-stock list depends on stock and minimum order quantities.
 */
export const CATALOGUE_STALE_KEYS = [toolKeys.all, orderKeys.overview()] as const;

/**
 * The audit log (decision 065): the admins' page, per filter. Read again whenever the page opens:
 * every area's change adds to it, and no area's mutation names it.
 */
export const auditKeys = {
  all: ['audit'] as const,
  list: (view: ListView) => [...auditKeys.all, 'list', view] as const,
};
