import type { Order } from '@voltline/shared/order';

/**
 * Confirms the card payment with the card provider and answers the confirmed payment intent's id.
 * Rejects with CardPaymentRefusedError (or an ApiRequestError) carrying the provider's message.
 */
export type ConfirmCardPayment = () => Promise<string>;

/** What the payment page gives each gateway's card form; the forms differ only in how they confirm. */
export interface CardFormProps {
  order: Order;
  /** Null until the payment intent has arrived. */
  clientSecret: string | null;
  /** False until the intent arrives, while a payment is processing and once it succeeded (product.md, "Rules for what people type"). */
  canPay: boolean;
  onPay: (confirmCardPayment: ConfirmCardPayment) => void;
  /**
   * The buyer tried again with a card the form refuses, or typed a card the provider's field
   * refuses: the message of the attempt before goes, so only the latest shows (issue 43).
   */
  onNewProblem: () => void;
}

/** The card provider refused the card; its message is meant for the buyer as it is. */
export class CardPaymentRefusedError extends Error {}
