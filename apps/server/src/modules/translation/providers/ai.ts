import { TranslationError, type TranslationProvider } from '../translation.provider.ts';
import { MODEL_LANGUAGES } from './languages.ts';
import { translationMessages } from './openai.ts';

/** Asks the tenant's AI provider (budget, usage and errors are the AI module's). */
export type AiChat = (
  messages: ReturnType<typeof translationMessages>,
) => Promise<{ text: string }>;

/**
 * Translation through the tenant's AI provider (issue 33 §5, docs/ai.md): the model of 设置 ›
 * AI 服务 translates, its calls counted as the AI feature `translate` and stopped by its budget.
 * Its failures are the AI module's 409s (「未配置 AI 服务」, 「本月 AI 额度已用完」…).
 */
export class AiTranslationProvider implements TranslationProvider {
  readonly id: string;

  constructor(
    private readonly chat: AiChat,
    model: string,
  ) {
    this.id = `ai:${model}`;
  }

  languages() {
    return Promise.resolve(MODEL_LANGUAGES);
  }

  async translate(text: string, source: string, target: string) {
    const out = await this.chat(translationMessages(text, source, target));
    const translated = out.text.trim();
    if (!translated) throw new TranslationError('the model answered nothing');
    return { text: translated, source: source === 'auto' ? '' : source };
  }
}
