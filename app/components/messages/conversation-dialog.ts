// What a plan's conversation dialog takes: the onboarding feature shows one that the messages feature
// provides, and neither imports the other (route files hand it in).
import type { SessionUser } from '../../../shared/auth.ts';

export type ConversationDialogProps = {
  planId: string;
  /** Whose onboarding this conversation belongs to, for the title. */
  newHireName: string;
  /** The plan's manager: an admin's message goes to them, as a staff note the new hire never sees. */
  manager: { id: string; name: string } | null;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
};
