import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import { SessionContext, type Session } from '../../../lib/session/session-context.ts';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { StockAlertForm } from './stock-alert-form.tsx';

const soldOut = { ...sampleDrill, availableQuantity: 0, orderableQuantity: 0 };
const signedOut: Session = { status: 'signed-out', user: null, signOut: async () => {} };
const signedIn: Session = { status: 'signed-in', user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null }, signOut: async () => {} };

const asked: ApiAnswer = { status: 200, body: { waiting: true, message: stockAlertMessages.asked(soldOut.toolName) } };

function renderForm(session: Session, answer: () => ApiAnswer = () => asked) {
  return renderWithShop(
    <SessionContext.Provider value={session}>
      <StockAlertForm tool={soldOut} />
    </SessionContext.Provider>,
    answer,
  );
}

/** Issue 37, item 4 (decision 045): "Tell me when it is back" on an out-of-stock tool's page. */
describe('the back-in-stock form', () => {
  it("fills in a signed-in customer's own email and sends it, then says what the shop answered", async () => {
    const { user, sent } = renderForm(signedIn);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: stockAlertMessages.formHeading }));
    expect((await screen.findByRole('status')).textContent).toBe(stockAlertMessages.asked(soldOut.toolName));
    expect(sent).toEqual([{ method: 'POST', path: `/api/tools/${soldOut._id}/stock-alerts`, body: { email: 'ada@example.com' } }]);
  });

  it("refuses an email that is not one in the shop's words before sending anything", async () => {
    const { user, sent } = renderForm(signedOut);
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: stockAlertMessages.formHeading }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid email');
    expect(sent).toEqual([]);
  });

  it("shows the shop's refusal under the field, keeping what was typed", async () => {
    const { user } = renderForm(signedOut, () => ({ status: 429, body: { error: 'too_many_requests', message: stockAlertMessages.tooMany('60 minutes') } }));
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: stockAlertMessages.formHeading }));
    expect((await screen.findByRole('alert')).textContent).toBe(stockAlertMessages.tooMany('60 minutes'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });
});
