// The ports module's front door: adding ports to a tenant.
export { insertPorts } from './ports.repository.ts';
