export * from './tenancy.ts';
export * from './auth.ts';
export * from './simulator.ts';
export * from './accounts.ts';
export * from './realtime.ts';
export * from './conversations.ts';
