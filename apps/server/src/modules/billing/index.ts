// The billing module's front door: the billing service.
export { BillingService } from './billing.service.ts';
