// The messages dialog is another feature: route files hand it in, so this feature never imports it.
import type { ComponentType } from 'react';
import type { ConversationDialogProps } from '../../components/messages/conversation-dialog.ts';

export type ConversationDialog = ComponentType<ConversationDialogProps>;
