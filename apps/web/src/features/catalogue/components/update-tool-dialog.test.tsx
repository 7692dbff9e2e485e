import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@voltline/shared/profile';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { ClientConfig } from '@voltline/shared/account';
import { toolNameTakenMessage, type Tool } from '@voltline/shared/tool';
import { gtinMessages, skuTakenMessage } from '@voltline/shared/tool-codes';
import type { CategoryTreeNode } from '@voltline/shared/categories';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { UpdateToolDialog } from './update-tool-dialog.tsx';

const drill = sampleDrill;
const UPLOADED = '/api/images/00000000-0000-4000-8000-0000000000aa';

const answerEdits = (request: SentRequest): ApiAnswer =>
  request.path === '/api/upload' ? { status: 200, body: { data: { url: UPLOADED } } } : { status: 200, body: { acknowledged: true, modifiedCount: 1 } };

/** The shop's set-up, which the VAT rate field reads for its hint: a German shop at 19%. */
const shopConfig: ClientConfig = { tokenSyncUrl: null, shopCountry: 'DE', vatRate: 19, currency: 'USD', locale: 'en-US' };

/** The catalogue's tree (issue 40): Drills, whose tools give their voltage (a choice), torque (a number) and whether they are cordless. */
const DRILLS = '00000000-0000-4000-8000-0000000000c1';
const VOLTAGE = '00000000-0000-4000-8000-0000000000a1';
const TORQUE = '00000000-0000-4000-8000-0000000000a2';
const CORDLESS = '00000000-0000-4000-8000-0000000000a3';
const tree: CategoryTreeNode[] = [
  {
    _id: DRILLS,
    name: 'Drills',
    slug: 'drills',
    parentId: null,
    toolCount: 0,
    children: [],
    attributes: [
      { _id: VOLTAGE, categoryId: DRILLS, name: 'Voltage', kind: 'choice', unit: null, choices: ['12 V', '18 V'] },
      { _id: TORQUE, categoryId: DRILLS, name: 'Torque', kind: 'number', unit: 'Nm', choices: [] },
      { _id: CORDLESS, categoryId: DRILLS, name: 'Cordless', kind: 'yesno', unit: null, choices: [] },
    ],
  },
];

function renderDialog(answer: (request: SentRequest) => ApiAnswer = answerEdits, tool: Tool = drill) {
  const onClose = vi.fn();
  const view = renderWithShop(<UpdateToolDialog tool={tool} onClose={onClose} />, (request) => {
    if (request.path === '/api/client-config') return { status: 200, body: shopConfig };
    // The tool's page: in no category yet.
    if (request.path === `/api/getTool/${tool._id}`) return { status: 200, body: { ...tool, category: null, specifications: [] } };
    if (request.path === '/api/categories') return { status: 200, body: tree };
    return answer(request);
  });
  // What the dialog changed: the set-up it read is not among them.
  const writes = () => view.sent.filter((request) => request.method !== 'GET');
  const update = () => view.user.click(screen.getByRole('button', { name: 'Update' }));
  /** Types into a field what the form refuses before asking the server: its words shown, nothing written. */
  const refusedBeforeSending = async (field: HTMLInputElement, typed: string, refusal: string) => {
    await view.user.clear(field);
    await view.user.type(field, typed);
    await update();
    await screen.findByText(refusal);
    expect(writes()).toEqual([]);
  };
  /** Empties a field (the shop's standard, or no code) and saves: the dialog closes once the server took it. */
  const savedEmptied = async (field: HTMLInputElement) => {
    await view.user.clear(field);
    await update();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  };
  return { ...view, writes, onClose, refusedBeforeSending, savedEmptied };
}

/** Issue 16: the Update tool dialog edits the whole tool. */
describe('update tool dialog', () => {
  it('starts from the tool as it is and saves a new name and description without uploading anything', async () => {
    const { user, writes, onClose } = renderDialog();
    const name = screen.getByLabelText('Tool name');
    expect((name as HTMLInputElement).value).toBe(drill.toolName);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(drill.description);
    expect(screen.getByRole('img', { name: "The tool's picture" }).getAttribute('src')).toBe(drill.img);

    await user.clear(name);
    await user.type(name, 'Voltline CD-20 Cordless Drill');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/updateTool/${drill._id}`,
        body: { toolName: 'Voltline CD-20 Cordless Drill', description: drill.description, availableQuantity: 40, minimumOrderQuantity: 2, price: 120, vatRate: null, sku: null, gtin: null },
      },
    ]);
  });

  it('puts the tool in a category and sends the specifications that category asks for, an empty one cleared (issue 40)', async () => {
    const { user, writes, onClose } = renderDialog();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Drills');
    await user.selectOptions(screen.getByLabelText('Voltage'), '18 V');
    await user.type(screen.getByLabelText('Torque (Nm)'), '150');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]!.body).toMatchObject({ categoryId: DRILLS, specifications: { [VOLTAGE]: '18 V', [TORQUE]: '150', [CORDLESS]: null } });
  });

  it('marks the tool serialised with its own warranty in months (issue 38)', async () => {
    const { user, writes, onClose } = renderDialog();
    const serialised = screen.getByLabelText('Serialised: each unit ships with its serial number') as HTMLInputElement;
    const months = screen.getByLabelText("Warranty in months (empty: the shop's standard warranty)") as HTMLInputElement;
    expect([serialised.checked, months.value]).toEqual([false, '']);
    await user.click(serialised);
    await user.type(months, '36');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes().map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /api/updateTool/${drill._id}`, `PATCH /api/admin/tools/${drill._id}/warranty`]);
    expect(writes()[1]!.body).toEqual({ serialised: true, warrantyMonths: 36 });
  });

  it('starts from the tool\'s warranty, refuses one that is not a whole number before sending, and sends null for the shop\'s', async () => {
    const { writes, refusedBeforeSending, savedEmptied } = renderDialog(answerEdits, { ...drill, serialised: true, warrantyMonths: 36 });
    const months = screen.getByLabelText("Warranty in months (empty: the shop's standard warranty)") as HTMLInputElement;
    expect([(screen.getByLabelText('Serialised: each unit ships with its serial number') as HTMLInputElement).checked, months.value]).toEqual([true, '36']);
    await refusedBeforeSending(months, '1e3', 'Warranty must be a whole number of months');
    await savedEmptied(months);
    expect(writes()[1]).toEqual({ method: 'PATCH', path: `/api/admin/tools/${drill._id}/warranty`, body: { serialised: true, warrantyMonths: null } });
  });

  it('uploads a new picture first and saves its address with the tool', async () => {
    const { user, writes, onClose } = renderDialog();
    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array([137, 80, 78, 71])], 'drill.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/upload', `PATCH /api/updateTool/${drill._id}`]);
    expect(writes()[1]!.body).toMatchObject({ img: UPLOADED });
  });

  it('refuses a blank or over-long name and a picture over the upload limit in the shop words, sending nothing', async () => {
    const { user, writes } = renderDialog();
    const name = screen.getByLabelText('Tool name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Tool name is required');

    await user.type(name, 'x'.repeat(TEXT_LIMITS.toolName + 1));
    const tooLarge = new File([new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image'), tooLarge);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(`Tool name can be at most ${TEXT_LIMITS.toolName} characters`);
    await screen.findByText('The image must be at most 5 MB');
    expect(writes()).toEqual([]);
  });

  it('shows the tool\'s SKU and GTIN, refuses a wrong check digit before sending, and saves the codes as their digits (issue 40)', async () => {
    let refuse = true;
    const { user, writes, refusedBeforeSending, savedEmptied } = renderDialog(
      (request) => (request.method === 'PATCH' && refuse ? { status: 409, body: { error: 'conflict', message: skuTakenMessage('VL-DD18') } } : answerEdits(request)),
      { ...drill, sku: 'VL-CD18', gtin: '96385074' },
    );
    const sku = screen.getByLabelText('SKU (optional)') as HTMLInputElement;
    const gtin = screen.getByLabelText('EAN / GTIN (optional)') as HTMLInputElement;
    expect([sku.value, gtin.value]).toEqual(['VL-CD18', '96385074']);

    await refusedBeforeSending(gtin, '4006381333932', gtinMessages.checkDigit('4006381333932', 1));

    await user.clear(gtin);
    await user.type(gtin, '400 6381 333931');
    await user.clear(sku);
    await user.type(sku, 'VL-DD18');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(skuTakenMessage('VL-DD18'));
    expect(writes()[0]!.body).toMatchObject({ sku: 'VL-DD18', gtin: '4006381333931' });

    refuse = false;
    await savedEmptied(sku);
    expect(writes()[1]!.body).toMatchObject({ sku: null, gtin: '4006381333931' });
  });

  it("keeps the dialog open with the server's refusal of a taken name, and a new attempt starts clean", async () => {
    let refuse = true;
    const { user, onClose } = renderDialog((request) =>
      refuse ? { status: 409, body: { error: 'conflict', message: toolNameTakenMessage('Voltline AG-125 Angle Grinder') } } : answerEdits(request),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(toolNameTakenMessage('Voltline AG-125 Angle Grinder'));
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText(toolNameTakenMessage('Voltline AG-125 Angle Grinder'))).toBeNull();
  });

  it("names the shop's standard VAT rate beside the tool's own, refuses a rate that is not one, and empty means the standard rate (issue 29)", async () => {
    const { writes, refusedBeforeSending, savedEmptied } = renderDialog(answerEdits, { ...drill, vatRate: 7 });
    const rate = screen.getByLabelText('VAT rate (%)') as HTMLInputElement;
    expect(rate.value).toBe('7');
    await screen.findByText("Empty: the shop's standard rate (19%). A reduced rate such as 7 or 5.5 for this tool only.");
    expect(rate.getAttribute('aria-describedby')).toContain('-hint');

    await refusedBeforeSending(rate, '5.555', 'VAT rate must be a percentage from 0 to 100 with at most two decimals (such as 7 or 5.5)');

    await savedEmptied(rate);
    expect(writes()).toMatchObject([{ method: 'PATCH', body: { vatRate: null } }]);
  });
});
