// Vitest global set-up for the suites that serve the real web build (server rendering, browser
// journeys): build the web app first when it is missing or older than its sources.
import { buildWebIfNeeded } from './web-build.mjs';

export default function setup() {
  buildWebIfNeeded();
}
