import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { VatReportDownload } from './vat-report-download.tsx';

const now = new Date('2026-11-27T10:00:00Z');

describe('VAT report download', () => {
  afterEach(() => vi.restoreAllMocks());

  it("offers last month, and downloads the chosen month's report as a file", async () => {
    const saved = vi.fn(() => 'blob:vat-report');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(saved);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, sent } = renderWithShop(<VatReportDownload now={now} />);
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    expect(month.value).toBe('2026-10');
    expect(month.max).toBe('2026-11');

    fireEvent.change(month, { target: { value: '2026-09' } });
    await user.click(screen.getByRole('button', { name: 'Download VAT report' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(sent.map((request) => [request.method, request.path])).toEqual([['GET', '/api/admin/vat-report?month=2026-09']]);
    expect(saved).toHaveBeenCalledTimes(1);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('voltline-vat-2026-09.csv');
  });

  it("shows the server's refusal in words", async () => {
    const { user } = renderWithShop(<VatReportDownload now={now} />, () => ({
      status: 400,
      body: { error: 'bad_request', message: 'Month must be a year and month such as 2026-11' },
    }));
    await user.click(screen.getByRole('button', { name: 'Download VAT report' }));
    await screen.findByText('Month must be a year and month such as 2026-11');
  });

  it('refuses a month before 2000 in the API\'s words, without asking it', async () => {
    const { user, sent } = renderWithShop(<VatReportDownload now={now} />);
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    expect(month.min).toBe('2000-01');
    fireEvent.change(month, { target: { value: '1999-12' } });
    await user.click(screen.getByRole('button', { name: 'Download VAT report' }));
    await screen.findByText('Month must be in the years 2000 to 2100, in UTC');
    expect(sent).toEqual([]);
  });
});
