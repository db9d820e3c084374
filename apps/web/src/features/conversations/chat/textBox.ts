/** Lines a long or code-like message shows before 「展开」 (SPEC §9). */
export const BOXED_LINES = 6;
/** Characters past which a text is long even without line breaks (about six wrapped lines). */
export const BOXED_CHARS = 240;

/** Whether a line looks like program code rather than prose. */
function codeLine(line: string): boolean {
  return (
    /^(\t| {2,})\S/.test(line) ||
    /[;{}]\s*$/.test(line) ||
    /^\s*(import|export|const|let|var|function|def|class|return|if|for|while|SELECT|INSERT)\b/.test(
      line,
    ) ||
    /=>|<\/?[a-z][\w-]*[\s>]/.test(line)
  );
}

/**
 * How a text message is boxed: `code` (fenced, or at least three lines that look like code: shown
 * in a monospace box), `long` (more than six lines or {@link BOXED_CHARS} characters), else `none`.
 * A boxed message shows {@link BOXED_LINES} lines with 「展开」.
 */
export function textBox(text: string): 'none' | 'long' | 'code' {
  const lines = text.split('\n');
  if (text.includes('```') || lines.filter(codeLine).length >= 3) return 'code';
  if (lines.length > BOXED_LINES || text.length > BOXED_CHARS) return 'long';
  return 'none';
}
