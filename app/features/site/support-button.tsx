// The floating WhatsApp support button on every page; absent when SUPPORT_WHATSAPP is not configured.
import { MessageCircle } from 'lucide-react';
import { whatsappLink } from '../../../shared/site.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { usePublicConfig } from '../../lib/api/get-public-config.ts';

/** The chat link, or null while loading, on error, or with no number configured. */
export function useSupportChatLink(): string | null {
  const { data } = usePublicConfig();
  return data?.supportWhatsapp ? whatsappLink(data.supportWhatsapp) : null;
}

export function SupportButton() {
  const href = useSupportChatLink();
  if (!href) return null;
  return (
    <>
      {/* Room at the end of every page on phones, so the button never hides the last of the content. */}
      <div aria-hidden="true" className="h-20 sm:hidden print:hidden" />
      <div className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 sm:right-6 sm:bottom-6 print:hidden">
        <Tooltip content="Chat with Kickoff support on WhatsApp" side="left">
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Chat with Kickoff support on WhatsApp (opens in a new tab)"
            data-testid="support-button"
            className="btn btn-circle btn-success size-12 shadow-lg shadow-success/30 sm:size-14"
          >
            <MessageCircle className="size-6 sm:size-7" aria-hidden="true" />
          </a>
        </Tooltip>
      </div>
    </>
  );
}
