// Company settings' way to the webhooks screen (/settings/webhooks): one card, so the settings screen stays short.
import { Link } from '@tanstack/react-router';
import { ChevronRight, Webhook } from 'lucide-react';

export function WebhooksLink() {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="company-webhooks">
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between md:p-6">
        <div>
          <h2 id="company-webhooks" className="card-title text-lg">
            <Webhook className="size-5 text-primary" aria-hidden="true" /> Webhooks and chat
          </h2>
          <p className="text-sm text-base-content/70">Send plan, task, people and message events to your systems, or to Slack, Microsoft Teams and Mattermost.</p>
        </div>
        <Link to="/settings/webhooks" className="btn btn-outline btn-sm shrink-0">
          Manage webhooks <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
