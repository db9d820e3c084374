import type { ManualArea } from './areas.ts';

/** One titled part of a manual page. */
export interface ManualSection {
  heading: string;
  /** Paragraphs; a paragraph starting with "• " is shown as a list item. */
  paragraphs: string[];
}

/** One page of the manual in one language. */
export interface ManualPage {
  id: ManualArea;
  title: string;
  /** One or two sentences: what the area is for. */
  summary: string;
  /** Alternative text of the page's screenshot. */
  shotAlt: string;
  sections: ManualSection[];
}
