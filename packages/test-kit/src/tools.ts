import { randomBytes } from 'node:crypto';
import type { ToolInput } from '@voltline/shared/tool';
import type { ApiSession } from './api-client.ts';

/**
 * What the admin's add-tool form sends, valid as it stands, with a name no other tool has (names
 * are unique in the catalogue); a test overrides only what it is about.
 */
export function newTool(overrides: Partial<ToolInput> = {}): ToolInput {
  return {
    toolName: `Test tool ${randomBytes(6).toString('hex')}`,
    description: 'A tool that exists only in tests, described at comfortably more than ninety characters.',
    img: '/images/tools/jigsaw.svg',
    price: 10,
    minimumOrderQuantity: 1,
    availableQuantity: 50,
    ...overrides,
  };
}

/** Adds a tool through POST /api/addTool as the given admin; answers what the shop answered. */
export async function addToolOverHttp(admin: ApiSession, overrides: Partial<ToolInput> = {}): Promise<unknown> {
  const { status, body } = await admin.call('POST', '/api/addTool', newTool(overrides));
  if (status !== 200) throw new Error(`adding a tool failed: ${status} ${JSON.stringify(body)}`);
  return body;
}
