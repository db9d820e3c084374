// The bulk-send module's front door: the bulk-send service.
export { BulkSendService } from './bulk-send.service.ts';
