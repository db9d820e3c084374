import type { TagTarget } from '@cst/shared';
import { useContactTags } from './ContactTags.tsx';
import { TagChips } from './TagChips.tsx';

/** The tags of a single chat's contact, read-only, for the chat header (none for a stranger). */
export function HeaderTags({ target }: { target: TagTarget }) {
  const { data: tags = [] } = useContactTags(target);
  return <TagChips tags={tags} testId="chat-tag" />;
}
