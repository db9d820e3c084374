import type { Deps, Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { callHolder, type ConversationRow, type MessageRow } from '../conversations/index.ts';
import * as repo from './ai.repository.ts';

/** Whether the chat platform transcribes voice messages itself. */
export function platformTranscribes(deps: Uses<'realtime' | 'runtime'>): boolean {
  return deps.runtime.gateway.capabilities.has('voiceToText');
}

/** A transcript stored before for a message, if any. */
export function cachedTranscript(deps: Deps, messageId: number): Promise<string | null> {
  return repo.transcriptOf(deps.db, messageId);
}

/**
 * Voice to text through the AI provider's `audio/transcriptions` (docs/ai.md), once per message:
 * the transcript is stored and answered again from there. 409 without a provider or a
 * transcription model.
 */
export async function transcribeVoice(
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
  row: MessageRow,
  conv: ConversationRow,
): Promise<string> {
  const cached = await repo.transcriptOf(deps.db, row.id);
  if (cached !== null) return cached;
  const ai = deps.ai;
  // Before the download: no provider, no work.
  await ai.need(row.tenantId);
  const file = await deps.media.media.fileOfMessage(row, conv.workWxid);
  const data = await deps.storage.read(file.key);
  if (!data) throw fail.notFound('notMediaMessage');
  const text = await ai.transcribe(row.tenantId, {
    data,
    fileName: row.fileName || `voice-${row.id}${extOf(file.mime)}`,
    mime: file.mime,
  });
  await repo.saveTranscript(deps.db, { messageId: row.id, tenantId: row.tenantId, text });
  return text;
}

function extOf(mime: string): string {
  if (mime.includes('ogg')) return '.ogg';
  if (mime.includes('mpeg') || mime.includes('mp3')) return '.mp3';
  if (mime.includes('wav')) return '.wav';
  if (mime.includes('amr')) return '.amr';
  if (mime.includes('mp4') || mime.includes('m4a')) return '.m4a';
  return '.bin';
}

/**
 * The chat platform's own transcription of a voice message, once per message: stored, and
 * answered again from there (also when the account is offline by then). A holder's error
 * (`GatewayError`) goes to the caller.
 */
export async function transcribeOnPlatform(
  deps: Uses<'realtime' | 'runtime'>,
  row: MessageRow,
  conv: ConversationRow,
): Promise<string> {
  const cached = await repo.transcriptOf(deps.db, row.id);
  if (cached !== null) return cached;
  if (!row.msgId) throw fail.conflict('revokeNotSent');
  const { text } = await callHolder<{ text: string }>(deps, conv.workWxid, {
    name: 'voiceToText',
    msgId: row.msgId,
  });
  await repo.saveTranscript(deps.db, { messageId: row.id, tenantId: row.tenantId, text });
  return text;
}

/**
 * What a voice message says, for the AI robot before it answers: the stored transcript, else the
 * platform's own transcription or the provider's (either then stored), else null (the robot reads
 * it as 「[语音]」). Never throws: a voice it cannot hear is no reason to stay silent.
 */
export async function hearVoice(
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
  row: MessageRow,
  conv: ConversationRow,
): Promise<string | null> {
  try {
    if (!platformTranscribes(deps)) return await transcribeVoice(deps, row, conv);
    if (!row.msgId) return null;
    return await transcribeOnPlatform(deps, row, conv);
  } catch (err) {
    deps.log.info({ err, messageId: row.id }, 'the AI robot could not hear a voice message');
    return null;
  }
}
