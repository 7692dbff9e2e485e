import { XMLParser } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceMessages } from '@voltline/shared/e-invoices';
import { formatCents } from '@voltline/shared/money';
import { formatLongDate } from '@voltline/shared/shop-constants';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import type { Tool } from '@voltline/shared/tool';
import { pdfAttachments, pdfText } from '@voltline/test-kit/pdf-text';
import { creditNotes, invoices, tools } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, createIntent, freshTool, GERMAN_SHOP, placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/*
 * A business account's invoice and credit note as e-invoices (issue 39, part 4; decision 068): the
 * XRechnung UBL and the Factur-X's CII parsed, every total, line, VAT breakdown and party compared
 * with what the PDF prints.
 */

const SHOP = {
  ...GERMAN_SHOP,
  SHOP_INVOICE_EMAIL: 'invoices@voltline.example',
  SHOP_PHONE: '+49 30 1234567',
};
const COMPANY = { companyName: 'Ohm & Sons SARL', vatId: VAT_ID_EXAMPLES.FR, billingStreet: '3 Rue Ampère', billingPostcode: '75017', billingCity: 'Paris', billingCountry: 'FR' };

/** What an e-invoice says, read alike from UBL and CII: amounts in cents. */
interface EInvoiceFacts {
  number: string;
  typeCode: string;
  issueDate: string;
  buyerReference: string;
  precedingInvoice: string | null;
  seller: { name: string; vatId: string; street: string; postcode: string; city: string; country: string };
  buyer: { name: string; vatId: string; street: string; postcode: string; city: string; country: string };
  lines: { name: string; quantity: number; price: number; allowance: number; net: number; category: string; percent: number }[];
  vat: { category: string; percent: number; basis: number; tax: number; reasonCode: string; reason: string }[];
  totals: { lines: number; taxExclusive: number; tax: number; taxInclusive: number; prepaid: number; payable: number };
  dueDate: string | null;
  payment: { code: string; iban: string | null; bic: string | null; reference: string | null };
}

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, isArray: (name) => ['InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'IncludedSupplyChainTradeLineItem', 'ApplicableTradeTax', 'PartyTaxScheme', 'SpecifiedTaxRegistration', 'AllowanceCharge', 'SpecifiedTradeAllowanceCharge'].includes(name) });
/** An element's text, with or without attributes. */
const textOf = (node: unknown): string => (node === undefined ? '' : typeof node === 'object' && node !== null ? String((node as Node)['#text'] ?? '') : String(node));
const cents = (node: unknown) => Math.round(Number(textOf(node)) * 100);
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((here, key) => (here as Node | undefined)?.[key], node);
/** CII writes dates as 20261128 (format 102). */
const ciiDate = (node: unknown) => textOf(at(node, 'DateTimeString')).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

function ublFacts(xml: string): EInvoiceFacts {
  const parsed = parser.parse(xml) as Node;
  const root = (parsed.Invoice ?? parsed.CreditNote) as Node;
  const party = (which: string) => {
    const node = at(root, which, 'Party');
    return {
      name: textOf(at(node, 'PartyLegalEntity', 'RegistrationName')),
      vatId: textOf(at((at(node, 'PartyTaxScheme') as unknown[] | undefined)?.[0], 'CompanyID')),
      street: textOf(at(node, 'PostalAddress', 'StreetName')),
      postcode: textOf(at(node, 'PostalAddress', 'PostalZone')),
      city: textOf(at(node, 'PostalAddress', 'CityName')),
      country: textOf(at(node, 'PostalAddress', 'Country', 'IdentificationCode')),
    };
  };
  const lines = (root.InvoiceLine ?? root.CreditNoteLine) as Node[];
  const means = [root.PaymentMeans].flat()[0] as Node;
  return {
    number: textOf(root.ID),
    typeCode: textOf(root.InvoiceTypeCode ?? root.CreditNoteTypeCode),
    issueDate: textOf(root.IssueDate),
    buyerReference: textOf(root.BuyerReference),
    precedingInvoice: root.BillingReference ? textOf(at(root, 'BillingReference', 'InvoiceDocumentReference', 'ID')) : null,
    seller: party('AccountingSupplierParty'),
    buyer: party('AccountingCustomerParty'),
    lines: lines.map((line) => ({
      name: textOf(at(line, 'Item', 'Name')),
      quantity: Number(textOf(line.InvoicedQuantity ?? line.CreditedQuantity)),
      price: cents(at(line, 'Price', 'PriceAmount')),
      allowance: ((line.AllowanceCharge as Node[] | undefined) ?? []).reduce((sum, item) => sum + (textOf(item.ChargeIndicator) === 'true' ? -1 : 1) * cents(item.Amount), 0),
      net: cents(line.LineExtensionAmount),
      category: textOf(at(line, 'Item', 'ClassifiedTaxCategory', 'ID')),
      percent: Number(textOf(at(line, 'Item', 'ClassifiedTaxCategory', 'Percent'))),
    })),
    vat: (at(root, 'TaxTotal', 'TaxSubtotal') as Node[]).map((share) => ({
      category: textOf(at(share, 'TaxCategory', 'ID')),
      percent: Number(textOf(at(share, 'TaxCategory', 'Percent'))),
      basis: cents(share.TaxableAmount),
      tax: cents(share.TaxAmount),
      reasonCode: textOf(at(share, 'TaxCategory', 'TaxExemptionReasonCode')),
      reason: textOf(at(share, 'TaxCategory', 'TaxExemptionReason')),
    })),
    totals: {
      lines: cents(at(root, 'LegalMonetaryTotal', 'LineExtensionAmount')),
      taxExclusive: cents(at(root, 'LegalMonetaryTotal', 'TaxExclusiveAmount')),
      tax: cents(at(root, 'TaxTotal', 'TaxAmount')),
      taxInclusive: cents(at(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount')),
      prepaid: cents(at(root, 'LegalMonetaryTotal', 'PrepaidAmount')),
      payable: cents(at(root, 'LegalMonetaryTotal', 'PayableAmount')),
    },
    dueDate: root.DueDate === undefined ? null : textOf(root.DueDate),
    payment: {
      code: textOf(means.PaymentMeansCode),
      iban: means.PayeeFinancialAccount ? textOf(at(means, 'PayeeFinancialAccount', 'ID')) : null,
      bic: means.PayeeFinancialAccount ? textOf(at(means, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID')) : null,
      reference: means.PaymentID === undefined ? null : textOf(means.PaymentID),
    },
  };
}

function ciiFacts(xml: string): EInvoiceFacts {
  const root = (parser.parse(xml) as Node).CrossIndustryInvoice as Node;
  const transaction = root.SupplyChainTradeTransaction as Node;
  const agreement = transaction.ApplicableHeaderTradeAgreement as Node;
  const settlement = transaction.ApplicableHeaderTradeSettlement as Node;
  const party = (node: unknown) => ({
    name: textOf(at(node, 'Name')),
    vatId: textOf(at((at(node, 'SpecifiedTaxRegistration') as unknown[] | undefined)?.[0], 'ID')),
    street: textOf(at(node, 'PostalTradeAddress', 'LineOne')),
    postcode: textOf(at(node, 'PostalTradeAddress', 'PostcodeCode')),
    city: textOf(at(node, 'PostalTradeAddress', 'CityName')),
    country: textOf(at(node, 'PostalTradeAddress', 'CountryID')),
  });
  const summation = settlement.SpecifiedTradeSettlementHeaderMonetarySummation as Node;
  const means = [settlement.SpecifiedTradeSettlementPaymentMeans].flat()[0] as Node;
  const reference = at(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID');
  return {
    number: textOf(at(root, 'ExchangedDocument', 'ID')),
    typeCode: textOf(at(root, 'ExchangedDocument', 'TypeCode')),
    issueDate: ciiDate(at(root, 'ExchangedDocument', 'IssueDateTime')),
    buyerReference: textOf(agreement.BuyerReference),
    precedingInvoice: reference === undefined ? null : textOf(reference),
    seller: party(agreement.SellerTradeParty),
    buyer: party(agreement.BuyerTradeParty),
    lines: (transaction.IncludedSupplyChainTradeLineItem as Node[]).map((line) => ({
      name: textOf(at(line, 'SpecifiedTradeProduct', 'Name')),
      quantity: Number(textOf(at(line, 'SpecifiedLineTradeDelivery', 'BilledQuantity'))),
      price: cents(at(line, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
      allowance: ((at(line, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeAllowanceCharge') as Node[] | undefined) ?? []).reduce(
        (sum, item) => sum + (textOf(at(item, 'ChargeIndicator', 'Indicator')) === 'true' ? -1 : 1) * cents(item.ActualAmount),
        0,
      ),
      net: cents(at(line, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
      category: textOf(at(line, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax', '0', 'CategoryCode')),
      percent: Number(textOf(at(line, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax', '0', 'RateApplicablePercent'))),
    })),
    vat: (settlement.ApplicableTradeTax as Node[]).map((share) => ({
      category: textOf(share.CategoryCode),
      percent: Number(textOf(share.RateApplicablePercent)),
      basis: cents(share.BasisAmount),
      tax: cents(share.CalculatedAmount),
      reasonCode: textOf(share.ExemptionReasonCode),
      reason: textOf(share.ExemptionReason),
    })),
    totals: {
      lines: cents(summation.LineTotalAmount),
      taxExclusive: cents(summation.TaxBasisTotalAmount),
      tax: cents([summation.TaxTotalAmount].flat()[0]),
      taxInclusive: cents(summation.GrandTotalAmount),
      prepaid: cents(summation.TotalPrepaidAmount ?? 0),
      payable: cents(summation.DuePayableAmount),
    },
    dueDate: at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime') === undefined ? null : ciiDate(at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime')),
    payment: {
      code: textOf(means.TypeCode),
      iban: means.PayeePartyCreditorFinancialAccount ? textOf(at(means, 'PayeePartyCreditorFinancialAccount', 'IBANID')) : null,
      bic: means.PayeeSpecifiedCreditorFinancialInstitution ? textOf(at(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')) : null,
      reference: settlement.PaymentReference === undefined ? null : textOf(settlement.PaymentReference),
    },
  };
}

/** The PDF's text as one line of words: wrapped text and table cells read in order. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** Without any white space: a long text wraps where the PDF's line ends ("Intra-" / "Community"). */
const squeezed = (text: string) => text.replace(/\s+/g, '');
const percent = (rate: number) => `${rate}%`;

describe.each(testDatabaseKinds)('e-invoices of a business account on $name', (kind) => {
  const shop = useTestShop(kind, { environment: SHOP, delivery: 'shop', users: true });
  let buyer: TestUser;
  let drill: Tool;
  let manual: Tool;
  beforeAll(async () => {
    buyer = await registerUser(shop, { name: 'Berta Business' });
    const account = await call(buyer, 'POST', '/api/business-account', COMPANY);
    expect(account.statusCode, account.body).toBe(200);
    const approved = await call(shop.admin, 'POST', `/api/admin/business-accounts/${account.json()._id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const terms = await call(shop.admin, 'PUT', `/api/admin/business-accounts/${account.json()._id}/payment-terms`, { netDays: 30, creditLimit: 100_000 });
    expect(terms.statusCode, terms.body).toBe(200);
    // Prices with VAT in them, netted for the reverse charge to the cent: 99.99 at 19 % and 24.95 at 7 %.
    drill = await freshTool(shop, 100, 1, 99.99, 'Voltline DD-18 Cordless Drill Driver');
    manual = await freshTool(shop, 100, 1, 24.95, 'Wiring Manual');
    await shop.database.db.update(tools).set({ vatRateHundredths: 700 }).where(eq(tools.id, manual._id));
  });

  function call(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return shop.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  }

  /** The business buyer's cart of 2 drills and 3 manuals checked out to France with the account's VAT id: a reverse charge. */
  async function tradeOrder(choices: object): Promise<string> {
    const merged = await call(buyer, 'POST', '/api/cart/merge', { lines: [{ toolId: drill._id, quantity: 2 }, { toolId: manual._id, quantity: 3 }] });
    expect(merged.statusCode, merged.body).toBe(200);
    const placed = await call(buyer, 'POST', '/api/checkout', { phone: '5550100', address: '9 Rue Volta, 69001 Lyon', country: 'FR', vatId: COMPANY.vatId, ...choices });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().insertedId as string;
  }

  async function download(url: string, user = buyer) {
    const answer = await call(user, 'GET', url);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return answer;
  }

  /** Every party, line, VAT breakdown and total of the e-invoice, as the PDF prints it. */
  function expectPrinted(facts: EInvoiceFacts, text: string) {
    const words = flat(text);
    expect(words).toContain(`Number: ${facts.number}`);
    expect(words).toContain(`Date: ${formatLongDate(new Date(`${facts.issueDate}T12:00:00Z`), 'UTC')}`);
    for (const fact of [SHOP.SHOP_LEGAL_NAME, SHOP.SHOP_ADDRESS, `VAT id: ${SHOP.SHOP_TAX_ID}`]) expect(words).toContain(fact);
    expect(facts.seller).toEqual({ name: SHOP.SHOP_LEGAL_NAME, vatId: SHOP.SHOP_TAX_ID, street: '7 Ohm Street', postcode: '10115', city: 'Berlin', country: 'DE' });
    expect(facts.buyer).toEqual({ name: COMPANY.companyName, vatId: COMPANY.vatId, street: COMPANY.billingStreet, postcode: COMPANY.billingPostcode, city: COMPANY.billingCity, country: COMPANY.billingCountry });
    for (const fact of [facts.buyer.name, facts.buyer.street, `${facts.buyer.postcode} ${facts.buyer.city}`, 'France', `VAT id: ${facts.buyer.vatId}`]) expect(words).toContain(fact);
    // Each rate as the PDF's table prints it: rate, taxable amount, VAT; reverse charge (AE) with the words the PDF says it in.
    for (const share of facts.vat) {
      expect(share).toMatchObject({ category: 'AE', reasonCode: 'VATEX-EU-AE' });
      expect(text).toContain([percent(share.percent), formatCents(share.basis), formatCents(share.tax)].join('\n'));
      expect(squeezed(text)).toContain(squeezed(share.reason));
    }
    expect(facts.vat.map((share) => share.reason)[0]).toMatch(/^Reverse charge: .*\(Article 196 .*Article 138\.$/);
    expect(facts.totals.lines).toBe(facts.lines.reduce((sum, line) => sum + line.net, 0));
    expect(facts.totals.taxExclusive).toBe(facts.vat.reduce((sum, share) => sum + share.basis, 0));
    expect(facts.totals.tax).toBe(facts.vat.reduce((sum, share) => sum + share.tax, 0));
    expect(facts.totals.taxInclusive).toBe(facts.totals.taxExclusive + facts.totals.tax);
    expect(facts.totals.prepaid + facts.totals.payable).toBe(facts.totals.taxInclusive);
    for (const line of facts.lines) {
      expect(line).toMatchObject({ category: 'AE', percent: 0 });
      // quantity x price - allowance = net, to the cent.
      expect(line.quantity * line.price - line.allowance).toBe(line.net);
    }
  }

  it('makes the reverse-charge invoice and its partial credit note as XRechnung and Factur-X, equal to their PDFs to the cent', async () => {
    const orderId = await tradeOrder({ purchaseOrderNumber: 'PO-4711' });
    const { clientSecret } = (await createIntent(shop, buyer, orderId)).json();
    const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
    expect(paid.statusCode, paid.body).toBe(200);
    const refund = await call(shop.admin, 'POST', `/api/adminPurchased/${orderId}/refund`, { amount: 37.21, reason: 'One manual came torn' });
    expect(refund.statusCode, refund.body).toBe(200);

    // The invoice: XRechnung's UBL and the Factur-X's CII say the same, and what the PDF prints.
    const invoicePdf = (await download(`/api/purchasedSingle/${orderId}/invoice.pdf`)).rawPayload;
    const printed = await pdfText(invoicePdf);
    const xrechnung = await download(`/api/purchasedSingle/${orderId}/invoice.xml`);
    expect(xrechnung.headers['content-type']).toMatch(/^application\/xml/);
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(xrechnung.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}.xml"`);
    const ubl = ublFacts(xrechnung.body);
    expect(xrechnung.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    const facturX = (await download(`/api/purchasedSingle/${orderId}/invoice-facturx.pdf`)).rawPayload;
    // Readable as the same PDF, with its CII XML inside.
    expect(await pdfText(facturX)).toBe(printed);
    const attached = await pdfAttachments(facturX);
    expect(Object.keys(attached)).toEqual(['factur-x.xml']);
    const cii = ciiFacts(Buffer.from(attached['factur-x.xml']!).toString('utf8'));
    expect(cii).toEqual(ubl);

    expect(ubl).toMatchObject({ number: invoice!.number, typeCode: '380', buyerReference: 'PO-4711', precedingInvoice: null, dueDate: null });
    expect(printed).toContain('Your purchase order: PO-4711');
    expectPrinted(ubl, printed);
    // Every line as the PDF's row prints it: description, then quantity, unit price without VAT, discount, rate, net, VAT.
    const figures = invoice!.figures!;
    expect(ubl.lines.map((line) => line.name)).toEqual([drill.toolName, manual.toolName, 'Delivery']);
    ubl.lines.forEach((line, index) => {
      const item = index < figures.lines.length ? figures.lines[index]! : { ...figures.delivery!, quantity: 1 };
      expect(line).toMatchObject({ quantity: item.quantity, price: item.unitNet, allowance: item.discount, net: item.net });
      expect(printed).toContain([line.name, String(line.quantity), formatCents(line.price), formatCents(line.allowance), percent(line.percent), formatCents(line.net), formatCents(0)].join('\n'));
    });
    expect(printed).toContain(`VAT payable: ${formatCents(ubl.totals.tax)}`);
    expect(printed).toContain(`Total: ${formatCents(ubl.totals.taxInclusive)}`);
    // Paid by card when it was issued: nothing left to pay.
    expect(ubl.totals).toMatchObject({ prepaid: ubl.totals.taxInclusive, payable: 0 });
    expect(ubl.payment).toMatchObject({ code: '48', iban: null });

    // The credit note of the part refunded: it names its invoice (BT-25), credits each rate's part, and says what its PDF says.
    const notePdf = await pdfText((await download(`/api/purchasedSingle/${orderId}/credit-note.pdf`)).rawPayload);
    const noteUbl = ublFacts((await download(`/api/purchasedSingle/${orderId}/credit-note.xml`)).body);
    const noteFacturX = (await download(`/api/purchasedSingle/${orderId}/credit-note-facturx.pdf`)).rawPayload;
    expect(await pdfText(noteFacturX)).toBe(notePdf);
    const noteCiiXml = Buffer.from((await pdfAttachments(noteFacturX))['factur-x.xml']!).toString('utf8');
    // The library (2.3.4) leaves the preceding invoice (BT-25) out of the CII; the credit note names it in its note, as the PDF does.
    expect(ciiFacts(noteCiiXml)).toEqual({ ...noteUbl, precedingInvoice: null });
    expect(noteCiiXml).toContain(`<ram:Content>Credit for invoice ${invoice!.number} of `);
    const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(noteUbl).toMatchObject({ number: note!.number, typeCode: '381', buyerReference: 'PO-4711', precedingInvoice: invoice!.number });
    expect(flat(notePdf)).toContain(`Credit for invoice ${invoice!.number} of ${formatLongDate(invoice!.issuedAt, 'UTC')}.`);
    expectPrinted(noteUbl, notePdf);
    expect(noteUbl.totals.taxInclusive).toBe(3721);
    expect(notePdf).toContain(`Total credited: ${formatCents(noteUbl.totals.taxInclusive)}`);
    expect(notePdf).toContain(`VAT credited: ${formatCents(noteUbl.totals.tax)}`);
    // A part of the invoice: one line per rate, as the PDF's Credited table prints it (description, rate, net, VAT, amount).
    expect(noteUbl.lines).toHaveLength(noteUbl.vat.length);
    for (const line of noteUbl.lines) {
      expect(line.name).toBe(`Part of: ${drill.toolName} x 2, ${manual.toolName} x 3, Delivery`);
      expect(flat(notePdf)).toContain([line.name, percent(line.percent), formatCents(line.net), formatCents(0), formatCents(line.net)].join(' '));
    }
  });

  it("makes an order on account's invoice ask for the transfer: due date, the shop's IBAN and BIC, the invoice's number as reference; the order's number is BT-10 without a purchase order", async () => {
    const orderId = await tradeOrder({ paymentMethod: 'account' });
    const text = await pdfText((await download(`/api/purchasedSingle/${orderId}/invoice.pdf`)).rawPayload);
    const printed = flat(text);
    const ubl = ublFacts((await download(`/api/purchasedSingle/${orderId}/invoice.xml`)).body);
    const order = (await download(`/api/purchasedSingle/${orderId}`)).json();
    expect(ubl).toMatchObject({ buyerReference: order.orderNumber, dueDate: order.paymentDueOn });
    expect(ubl.payment).toEqual({ code: '58', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', reference: order.invoiceNumber });
    expect(ubl.totals).toMatchObject({ prepaid: 0, payable: ubl.totals.taxInclusive });
    expect(printed).toContain(`Order: ${order.orderNumber}`);
    expect(printed).toContain('IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX');
    expect(printed).toContain(`Payment reference: ${order.invoiceNumber}`);
    expect(printed).toContain(`Please transfer ${formatCents(ubl.totals.payable)}`);
    expectPrinted(ubl, text);
    expect(ciiFacts(Buffer.from((await pdfAttachments((await download(`/api/purchasedSingle/${orderId}/invoice-facturx.pdf`)).rawPayload))['factur-x.xml']!).toString('utf8'))).toEqual(ubl);

    // Its mail carries the Factur-X as the invoice's PDF, and the XRechnung beside it.
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const files = await shop.core.invoices.mailFiles({ kind: 'invoice', id: invoice!.id, number: invoice!.number });
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      [`${invoice!.number}.pdf`, 'application/pdf'],
      [`${invoice!.number}.xml`, 'application/xml'],
    ]);
    expect(Object.keys(await pdfAttachments(files[0]!.content))).toEqual(['factur-x.xml']);
    expect(ublFacts(files[1]!.content.toString('utf8'))).toEqual(ubl);
    // Staff who handle invoices download it too.
    expect((await call(shop.admin, 'GET', `/api/purchasedSingle/${orderId}/invoice.xml`)).statusCode).toBe(200);
  });

  it("refuses a consumer's documents in words (409), and answers 404 where there is no document", async () => {
    const orderId = await placePaidOrder(shop, shop.customer, drill);
    for (const file of ['invoice.xml', 'invoice-facturx.pdf']) {
      const refused = await call(shop.customer, 'GET', `/api/purchasedSingle/${orderId}/${file}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(eInvoiceMessages.notBusiness);
    }
    const noCredit = await call(shop.customer, 'GET', `/api/purchasedSingle/${orderId}/credit-note.xml`);
    expect(noCredit.statusCode).toBe(404);
    // A consumer's invoice mail carries its PDF alone.
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const files = await shop.core.invoices.mailFiles({ kind: 'invoice', id: invoice!.id, number: invoice!.number });
    expect(files.map((file) => file.filename)).toEqual([`${invoice!.number}.pdf`]);
    // Another customer is refused the business buyer's as they are its PDF.
    const tradeOrderId = (await shop.database.db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.buyerEmail, buyer.email)))[0]!.orderId;
    expect((await call(shop.customer, 'GET', `/api/purchasedSingle/${tradeOrderId}/invoice.xml`)).statusCode).toBe((await call(shop.customer, 'GET', `/api/purchasedSingle/${tradeOrderId}/invoice.pdf`)).statusCode);
  });
});
