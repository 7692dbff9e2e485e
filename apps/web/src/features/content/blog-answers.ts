/**
 * The static questions and answers of the /blogs page. Text between backticks is shown as
 * inline code by the card.
 */
export interface BlogAnswer {
  id: string;
  topic: string;
  question: string;
  paragraphs: string[];
}

export const blogAnswers: BlogAnswer[] = [
  {
    id: 'order-price',
    topic: 'Security',
    question: 'How does the shop decide the price of an order, and why not trust the browser?',
    paragraphs: [
      'When a customer orders a tool, the browser sends only what the customer chose: the tool id and the quantity. The server loads that tool from the database, checks that the quantity is at least the minimum order quantity and no more than the stock available, and then computes the total itself as quantity × unit price. It stores the unit price next to the total on the order, so a later price change in the catalogue never rewrites an old order.',
      'The browser cannot be trusted because it is fully under the user’s control. Anyone can open the developer tools, edit a request body or replay it with `curl` and claim a drill costs one dollar. Checks in the React form are still worth having, because they give instant feedback, but they are a convenience, not a security boundary. The client may show an estimate; the server decides the price.',
    ],
  },
  {
    id: 'react-state',
    topic: 'React',
    question: 'What are the different ways to manage state in a React application?',
    paragraphs: [
      'Start with local state: `useState` for simple values and `useReducer` when several values change together, such as a quantity and its validation error. When two siblings need the same value, lift it up to their closest common parent and pass it down as props. Context shares rarely changing values, like the signed-in user or a theme, without threading props through every level.',
      'Data that lives on the server is a different kind of state. A library such as TanStack Query caches it, tracks loading and error states and refetches when it goes stale, so you do not copy API responses into `useState` by hand. Filters and the current page belong in the URL, where React Router’s search params make them shareable and survive a reload. Forms are well served by React Hook Form, and a global store such as Zustand or Redux Toolkit is only worth adding when many distant components edit the same client-side data.',
    ],
  },
  {
    id: 'prototypes',
    topic: 'JavaScript',
    question: 'How does prototypical inheritance work in JavaScript?',
    paragraphs: [
      'Every JavaScript object has a hidden link, called its prototype, to another object. When you read a property, the engine first looks at the object’s own properties; if the name is missing, it follows the link and looks at the prototype, then the prototype’s prototype, until it reaches `Object.prototype`, whose prototype is `null`. Only then does the read return `undefined`.',
      'You can build the chain directly: `const drill = Object.create(tool)` gives `drill` access to every method of `tool` without copying them. Constructor functions do the same through their `prototype` property, and the `class` keyword is syntax over this mechanism: methods declared in a class live once on `Class.prototype` and are shared by all instances. Assigning a property on an instance creates an own property that shadows the inherited one rather than changing the prototype. `Object.getPrototypeOf(obj)` shows the link, and `Object.hasOwn(obj, key)` tells own properties from inherited ones.',
    ],
  },
  {
    id: 'immutable-state',
    topic: 'React',
    question: 'Why should you never set state directly in React (e.g. products = [...])?',
    paragraphs: [
      'React re-renders a component when you call its state setter. Writing `products = [...newProducts]` only changes a local variable inside the current render: React is never told, nothing re-renders, and the next render reads the old value from the hook again. Mutating the array in place, for example with `products.push(drill)`, is just as wrong: the reference stays the same, React compares old and new state with `Object.is`, decides nothing changed and may skip the update.',
      'Mutation also breaks everything that relies on references, such as `useMemo`, `useEffect` dependencies and `React.memo`, and it can show torn values during concurrent rendering. Always create a new value and hand it to the setter: `setProducts((current) => [...current, drill])` to add, `filter` to remove and `map` to update one item. The updater form also avoids stale values when several updates happen in a row.',
    ],
  },
  {
    id: 'find-product',
    topic: 'JavaScript',
    question: 'How would you find a product by name in an array of products?',
    paragraphs: [
      'For one exact match, use `Array.prototype.find`: it returns the first element for which the callback returns true, or `undefined` if none does, so the caller must handle the missing case. Names typed by people differ in case and spacing, so normalise both sides first: `products.find((p) => p.name.trim().toLowerCase() === query.trim().toLowerCase())`. For a search box that should show every partial match, such as “drill” matching “Hammer Drill” and “Cordless Drill Driver”, use `filter` with `includes` instead.',
      'Both are linear scans, which is perfectly fine for a few hundred tools. If the same list is searched repeatedly by exact name, build a `Map` keyed by the normalised name once and look names up in constant time. For a real catalogue with thousands of rows, search on the server instead, with a SQL `ILIKE` or full-text query backed by an index, and send the browser only the matching page.',
    ],
  },
  {
    id: 'unit-tests',
    topic: 'Testing',
    question: 'What is a unit test and why write one?',
    paragraphs: [
      'A unit test checks one small piece of code, usually a single function or module, in isolation from the network, the database and the clock. It calls the code with known inputs and asserts on the output: for example, that an order total for three impact drivers at 129 dollars is 387, or that a quantity below the minimum order quantity is rejected. With a runner such as Vitest, hundreds of these tests finish in a couple of seconds.',
      'Unit tests catch regressions the moment someone changes the code, document the intended behaviour better than comments do, and make refactoring safe because you can restructure code and prove it still behaves the same. Writing them also pushes you toward small, pure functions that are easier to read. They do not replace integration or end-to-end tests, which check that the pieces work together, but they are the fastest and cheapest layer of the testing pyramid.',
    ],
  },
  {
    id: 'api-token',
    topic: 'Security',
    question: 'How does an API token protect the dashboard calls?',
    paragraphs: [
      'After a successful login the server issues an access token: a signed string that says who the user is and when the token expires. The web app keeps it and sends it with every dashboard request in the `Authorization: Bearer <token>` header. Before running any query, the server verifies the signature and the expiry date. A missing, forged or expired token gets a `401 Unauthorized`; a valid token for a user without the right role gets a `403 Forbidden`.',
      'The token proves identity, but the server still has to check ownership on every call, for example that a customer can only read or cancel their own orders. Hiding the dashboard link in the navbar is not protection, since anyone can call the API directly. Because a token kept in `localStorage` can be read by injected scripts, keep its lifetime short, send it only over HTTPS and use a strict Content Security Policy to make cross-site scripting hard.',
    ],
  },
  {
    id: 'postgres-pglite',
    topic: 'Databases',
    question: 'What is the difference between PostgreSQL and an embedded PGlite database?',
    paragraphs: [
      'PostgreSQL is a database server: a separate process, often on another machine, that many application instances connect to over the network through a connection pool. It handles many concurrent connections and offers replication, point-in-time backups and a large ecosystem of extensions, which is what a production shop needs.',
      'PGlite is PostgreSQL compiled to WebAssembly and run as a library inside your own Node.js process, or even in a browser. There is nothing to install: it keeps its data in a local directory or purely in memory, which makes it ideal for local development, demos and fast, isolated tests. The price is that it serves a single connection from a single process, so two servers cannot share one data directory, and it is slower than native Postgres. Because both speak the same SQL, the same Drizzle schema and migrations can run on either.',
    ],
  },
];
