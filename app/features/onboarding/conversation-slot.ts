// The messages dialog is another feature: route files hand it in, so this feature never imports it.
import type { ComponentType } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';

export type ConversationDialog = ComponentType<{
  planId: string;
  newHireName: string;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
}>;
