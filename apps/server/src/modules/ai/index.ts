// The AI module's front door (docs/architecture.md): what other modules use of it.
export { aiModule } from './ai.module.ts';
export { platformTranscribes, transcribeOnPlatform, transcribeVoice } from './ai.transcribe.ts';
export { aiChatOf } from './ai.provider.ts';
