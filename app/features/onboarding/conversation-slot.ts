// The messages dialog is another feature: route files hand it in, so this feature never imports it.
import type { ComponentType } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';

export type ConversationDialog = ComponentType<{
  planId: string;
  newHireName: string;
  /** The plan's manager: an admin's message goes to them, as a staff note the new hire never sees. */
  manager: { id: string; name: string } | null;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
}>;
