import type { TranslateLanguage } from '@cst/shared';
import {
  baseOf,
  failWith,
  providerCall,
  TranslationError,
  type ProviderContext,
  type TranslationProvider,
} from '../translation.provider.ts';
import { MODEL_LANGUAGES } from './languages.ts';

/** The model when none is set. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** The chat messages that ask a model for a translation and nothing else. */
export function translationMessages(text: string, source: string, target: string) {
  const name = (code: string) => {
    const l = MODEL_LANGUAGES.find((x) => x.code === code);
    return l ? `${l.name} (${l.code})` : code;
  };
  const from = source && source !== 'auto' ? ` from ${name(source)}` : '';
  return [
    {
      role: 'system' as const,
      content:
        `You are a translation engine. Translate the user's message${from} into ` +
        `${name(target)}. Answer with the translation only: no quotes, notes or ` +
        'explanations. Keep emoji, names, numbers and line breaks as they are.',
    },
    { role: 'user' as const, content: text },
  ];
}

/**
 * A language model behind an OpenAI-compatible API (`POST {base}/chat/completions`, bearer key),
 * asked to translate and answer with the translation only, with its own address and key. The
 * tenant's AI provider translates as provider `ai` (./ai.ts).
 */
export class OpenAiTranslationProvider implements TranslationProvider {
  readonly id: string;
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    private readonly model: string,
    private readonly ctx: ProviderContext,
  ) {
    this.base = baseOf(baseUrl);
    this.id = `openai:${model}`;
  }

  languages(): Promise<TranslateLanguage[]> {
    return Promise.resolve(MODEL_LANGUAGES);
  }

  async translate(text: string, source: string, target: string) {
    const answer = await providerCall(this.ctx, `${this.base}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.model,
        temperature: 0,
        messages: translationMessages(text, source, target),
      }),
    });
    if (answer.status !== 200) {
      const err = (answer.body as { error?: { message?: unknown } } | undefined)?.error?.message;
      failWith('The model', answer, err);
    }
    const choices = (answer.body as { choices?: unknown })?.choices;
    const content = Array.isArray(choices)
      ? (choices[0] as { message?: { content?: unknown } })?.message?.content
      : undefined;
    if (typeof content !== 'string' || !content.trim()) {
      throw new TranslationError('bad chat/completions answer');
    }
    return { text: content.trim(), source: source === 'auto' ? '' : source };
  }
}
