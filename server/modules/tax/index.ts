export { type TaxFactsRead, taxFactsOf } from './tax.service.ts';
export { decideTax } from './tax-decision.ts';
