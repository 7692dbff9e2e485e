// Vitest global set-up for the browser journeys: the shops they start run the server bundled once
// for this run (scripts/test-server-bundle.mjs); the workers, started after this, inherit the variable.
import { bundleTestServer } from './test-server-bundle.mjs';

export default async function setup() {
  process.env.VOLTLINE_TEST_SERVER_ENTRY = await bundleTestServer();
}
