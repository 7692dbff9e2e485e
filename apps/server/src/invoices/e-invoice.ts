import { InvoiceService, type Invoice } from '@e-invoice-eu/core';
import { creditedItems, creditNoteWords, exemptionWords, invoiceItems, treatmentWords, type DocumentFigures, type DocumentItem } from '@voltline/shared/document-figures';
import type { VatTreatment } from '@voltline/shared/order-figures';
import { centsAsAmountText, shopMoney } from '@voltline/shared/money';
import { memberStateOfVatId } from '@voltline/shared/vat-id';
import { AppError } from '../platform/app-error.ts';
import { eInvoiceMessages } from '@voltline/shared/e-invoices';
import type { CreditNoteRow, InvoiceRow } from './invoice-register.ts';

/*
 * A business account's invoices and credit notes as EN 16931 e-invoices (issue 39, part 4; decision
 * 068): XRechnung (UBL 2.1) and Factur-X (a PDF/A-3 carrying the CII XML). Built from the same
 * stored document the PDF is drawn from (its figures, parties and words: document-figures.ts) and
 * written by a kept library, @e-invoice-eu/core, never by hand: this file only says which of the
 * document's figures is which business term.
 */

/** A document as its e-invoice is made from it: the stored row, its order's number, and for a credit note its invoice's date. */
type EInvoiceDocument = { kind: 'invoice'; row: InvoiceRow; orderNumber: string } | { kind: 'credit_note'; row: CreditNoteRow; invoiceIssuedAt: Date; orderNumber: string };

/** How a buyer reaches the shop about a document, besides its name and address (XRechnung asks a contact and an electronic address). */
export interface SellerContact {
  email: string;
  /** Empty: left out. */
  phone: string;
  /** The shop's country when its VAT id does not name one (the tax settings'). */
  country: string;
}

export type EInvoiceFormat = 'xrechnung' | 'facturx';

/** The e-invoice's currency is the one its PDF prints every amount in: the shop's (SHOP_CURRENCY, decision 067). */
const currency = () => shopMoney().currency;
/** UN/ECE Rec. 20 "one": tools and the delivery are counted in units. */
const UNIT = 'C62';

/** Cents as an e-invoice writes an amount: "1234.50". */
const amount = centsAsAmountText;

/** The VAT category (UNCL 5305) of a treatment's rate, and the exemption's code where the law gives one (VATEX). */
function categoryOf(treatment: VatTreatment, rate: number): { code: string; exemptionCode?: string } {
  if (treatment === 'reverse-charge') return { code: 'AE', exemptionCode: 'VATEX-EU-AE' };
  if (treatment === 'export') return { code: 'G', exemptionCode: 'VATEX-EU-G' };
  if (treatment === 'none') return { code: 'E' };
  return { code: rate > 0 ? 'S' : 'Z' };
}

/**
 * The shop's address as the settings write it on one line ("7 Ohm Street, 10115 Berlin"): its
 * first part the street, its last the postcode and city (the postcode the first word that holds a
 * digit).
 */
function sellerAddress(text: string, country: string) {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const last = parts.length > 1 ? parts.at(-1)! : undefined;
  const postcodeAndCity = last?.match(/^(\S*\d\S*)\s+(.+)$/);
  return {
    'cbc:StreetName': parts[0] ?? text,
    ...(postcodeAndCity ? { 'cbc:CityName': postcodeAndCity[2]!, 'cbc:PostalZone': postcodeAndCity[1]! } : last ? { 'cbc:CityName': last } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country },
  };
}

/**
 * One item as an e-invoice line. The line's net (BT-131) is the document's, to the cent; its unit
 * price is the printed one without VAT, and what lies between (the coupon's share, without its VAT
 * where prices include it, and the cent the VAT's rounding moved) is the line's allowance, or its
 * charge when the rounding went the other way: quantity x price - allowance + charge = net.
 */
function lineOf(item: DocumentItem, position: number, treatment: VatTreatment) {
  const category = categoryOf(treatment, item.vatRate);
  const between = item.quantity * item.unitNet - item.net;
  const adjustment =
    between === 0
      ? {}
      : {
          'cac:AllowanceCharge': [
            {
              'cbc:ChargeIndicator': between < 0 ? 'true' : 'false',
              'cbc:AllowanceChargeReason': between < 0 ? 'Rounding of the price without VAT' : between === item.discount ? 'Discount' : 'Discount, without its VAT',
              'cbc:Amount': amount(Math.abs(between)),
              'cbc:Amount@currencyID': currency(),
            },
          ],
        };
  return {
    'cbc:ID': String(position + 1),
    'cbc:InvoicedQuantity': String(item.quantity),
    'cbc:InvoicedQuantity@unitCode': UNIT,
    'cbc:LineExtensionAmount': amount(item.net),
    'cbc:LineExtensionAmount@currencyID': currency(),
    ...adjustment,
    'cac:Item': {
      'cbc:Name': item.description,
      'cac:ClassifiedTaxCategory': { 'cbc:ID': category.code, 'cbc:Percent': String(item.vatRate), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
    },
    'cac:Price': { 'cbc:PriceAmount': amount(item.unitNet), 'cbc:PriceAmount@currencyID': currency() },
  };
}

/** The items the e-invoice lists: the document's, less a free delivery at a rate the document has no VAT share of (nothing charged at it). */
function listedItems(document: EInvoiceDocument, figures: DocumentFigures): DocumentItem[] {
  const items = document.kind === 'invoice' ? invoiceItems(figures) : creditedItems(figures).items;
  const rates = new Set(figures.vat.map((share) => share.rate));
  return items.filter((item) => rates.has(item.vatRate) || item.net + item.vat !== 0);
}

const ymd = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * Why a document has no e-invoice, in words (undefined: it has one). Only a business account's
 * documents have one: not a consumer's, nor one issued before the shop billed companies. An erased
 * buyer's documents keep their name and address but not their email (decision 061), which an
 * e-invoice is addressed to.
 */
export function whyNoEInvoice(row: InvoiceRow | CreditNoteRow): string | undefined {
  if (!row.figures?.buyerCompany) return eInvoiceMessages.notBusiness;
  if (!row.buyerEmail) return eInvoiceMessages.buyerErased;
  return undefined;
}

/** The e-invoice of a business account's document, as @e-invoice-eu/core takes it (UBL's terms); any other refused in words (409). */
export function eInvoiceOf(document: EInvoiceDocument, seller: SellerContact): Invoice {
  const { row } = document;
  const figures = row.figures;
  const company = figures?.buyerCompany;
  const refusal = whyNoEInvoice(row);
  if (refusal || !figures || !company) throw new AppError('conflict', refusal ?? eInvoiceMessages.notBusiness);
  const sellerCountry = memberStateOfVatId(row.sellerTaxId) ?? seller.country;
  const shares = figures.vat;
  const net = shares.reduce((sum, share) => sum + share.net, 0);
  const vat = shares.reduce((sum, share) => sum + share.vat, 0);
  const reason = exemptionWords(figures, row.sellerVatNote);
  const words = treatmentWords(figures, row.sellerVatNote);
  const onAccount = document.kind === 'invoice' ? figures.onAccount : null;
  // Paid by card at issue, and a credit note's money given back at issue: nothing left to pay. An order on account's invoice asks all of it.
  const prepaid = onAccount ? 0 : figures.total;
  const purchaseOrder = figures.purchaseOrderNumber ?? null;
  // BT-22: what the PDF says besides its figures. A credit note names its invoice in words too: the
  // library (2.3.4) leaves BT-25 out of the CII of a Factur-X, though the UBL carries it.
  const credited = document.kind === 'credit_note' ? [creditNoteWords.creditFor(document.row.invoiceNumber, document.invoiceIssuedAt), creditNoteWords.reason(document.row.reason)] : [];
  const notes = [...credited, ...(words ? [words] : [])];
  const invoice = {
    'cbc:ID': row.number,
    'cbc:IssueDate': ymd(row.issuedAt),
    ...(onAccount ? { 'cbc:DueDate': onAccount.dueOn } : {}),
    'cbc:InvoiceTypeCode': document.kind === 'invoice' ? '380' : '381',
    ...(notes.length > 0 ? { 'cbc:Note': notes } : {}),
    'cbc:DocumentCurrencyCode': currency(),
    // BT-10: how the buyer routes the document, their purchase order number, else the order's.
    'cbc:BuyerReference': purchaseOrder ?? document.orderNumber,
    'cac:OrderReference': { ...(purchaseOrder ? { 'cbc:ID': purchaseOrder } : {}), 'cbc:SalesOrderID': document.orderNumber },
    ...(document.kind === 'credit_note'
      ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': document.row.invoiceNumber, 'cbc:IssueDate': ymd(document.invoiceIssuedAt) } }] }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': seller.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PostalAddress': sellerAddress(row.sellerAddress, sellerCountry),
        ...(row.sellerTaxId ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': row.sellerTaxId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': row.sellerName },
        'cac:Contact': { 'cbc:Name': row.sellerName, ...(seller.phone ? { 'cbc:Telephone': seller.phone } : {}), 'cbc:ElectronicMail': seller.email },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        'cbc:EndpointID': row.buyerEmail,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PostalAddress': {
          'cbc:StreetName': company.billingStreet,
          'cbc:CityName': company.billingCity,
          'cbc:PostalZone': company.billingPostcode,
          'cac:Country': { 'cbc:IdentificationCode': company.billingCountry },
        },
        ...(figures.buyerVatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': figures.buyerVatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': company.companyName },
        'cac:Contact': { 'cbc:Name': row.buyerName, ...(row.buyerPhone ? { 'cbc:Telephone': row.buyerPhone } : {}), 'cbc:ElectronicMail': row.buyerEmail },
      },
    },
    ...(figures.country ? { 'cac:Delivery': { 'cac:DeliveryLocation': { 'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': figures.country } } } } } : {}),
    'cac:PaymentMeans': [
      onAccount
        ? {
            // SEPA credit transfer to the shop's account, the invoice's number as the reference (decision 060).
            'cbc:PaymentMeansCode': '58',
            'cbc:PaymentMeansCode@name': row.paymentMethod,
            'cbc:PaymentID': onAccount.paymentReference,
            'cac:PayeeFinancialAccount': { 'cbc:ID': onAccount.iban, 'cac:FinancialInstitutionBranch': { 'cbc:ID': onAccount.bic } },
          }
        : { 'cbc:PaymentMeansCode': '48', 'cbc:PaymentMeansCode@name': row.paymentMethod, 'cbc:PaymentID': row.number },
    ],
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(vat),
        'cbc:TaxAmount@currencyID': currency(),
        'cac:TaxSubtotal': shares.map((share) => {
          const category = categoryOf(figures.vatTreatment, share.rate);
          return {
            'cbc:TaxableAmount': amount(share.net),
            'cbc:TaxableAmount@currencyID': currency(),
            'cbc:TaxAmount': amount(share.vat),
            'cbc:TaxAmount@currencyID': currency(),
            'cac:TaxCategory': {
              'cbc:ID': category.code,
              'cbc:Percent': String(share.rate),
              ...(category.exemptionCode ? { 'cbc:TaxExemptionReasonCode': category.exemptionCode } : {}),
              ...(reason ? { 'cbc:TaxExemptionReason': reason } : {}),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          };
        }),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(net),
      'cbc:LineExtensionAmount@currencyID': currency(),
      'cbc:TaxExclusiveAmount': amount(net),
      'cbc:TaxExclusiveAmount@currencyID': currency(),
      'cbc:TaxInclusiveAmount': amount(figures.total),
      'cbc:TaxInclusiveAmount@currencyID': currency(),
      'cbc:PrepaidAmount': amount(prepaid),
      'cbc:PrepaidAmount@currencyID': currency(),
      'cbc:PayableAmount': amount(figures.total - prepaid),
      'cbc:PayableAmount@currencyID': currency(),
    },
    'cac:InvoiceLine': listedItems(document, figures).map((item, position) => lineOf(item, position, figures.vatTreatment)),
  };
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

/** The library logs what it does; the shop's own log says what failed, from the error thrown. */
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
let library: InvoiceService | undefined;
/** Made at the first e-invoice: it compiles its JSON schema once. */
const invoiceService = () => (library ??= new InvoiceService(quiet));

/** The library's names of the two formats: XRechnung in UBL, Factur-X at the EN 16931 profile (CII). */
const LIBRARY_FORMATS: Record<EInvoiceFormat, string> = { xrechnung: 'XRECHNUNG-UBL', facturx: 'Factur-X-EN16931' };

/**
 * The e-invoice's file: the XRechnung XML, or the Factur-X PDF, which is `pdf` (the document as
 * printed) with the CII XML attached and PDF/A-3 metadata, so it reads as the same PDF.
 */
export async function renderEInvoice(invoice: Invoice, format: EInvoiceFormat, pdf?: { fileName: string; content: Buffer }): Promise<Buffer> {
  // The library fills in and reorders what it is given: each call gets its own copy.
  const answer = await invoiceService().generate(structuredClone(invoice), {
    format: LIBRARY_FORMATS[format],
    lang: 'en',
    ...(pdf ? { pdf: { buffer: new Uint8Array(pdf.content), filename: pdf.fileName, mimetype: 'application/pdf' } } : {}),
  });
  return typeof answer === 'string' ? Buffer.from(answer, 'utf8') : Buffer.from(answer);
}
