// The readable message a chat endpoint gets instead of the signed JSON (issue 21): Slack and Mattermost
// incoming webhooks take { text } (Slack mrkdwn links <url|text>, Mattermost markdown [text](url));
// Microsoft Teams Workflows webhooks take an Adaptive Card message.
import type { WebhookDeliveryEvent, WebhookKind, WebhookPayload, WebhookPlan } from '../../shared/webhooks.ts';

type ChatKind = Exclude<WebhookKind, 'webhook'>;

/** One line of text with one link into the app. */
type ChatLine = { text: string; link: { label: string; url: string } };

const startDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Mon 1 Dec' for '2026-12-01'. */
export function formatStartDate(date: string): string {
  return startDay.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

const planLink = (appUrl: string, plan: WebhookPlan) => ({ label: `Open ${plan.person.name}’s plan`, url: `${appUrl}/preview-plan/${plan.id}` });

/** What the event says, in a sentence a person reads in their team chat. */
export function chatLine(payload: WebhookPayload, appUrl: string): ChatLine {
  const event = payload.type as WebhookDeliveryEvent;
  switch (event) {
    case 'plan.created': {
      const { plan } = (payload as WebhookPayload<'plan.created'>).data;
      return { text: `${plan.person.name} started ${plan.kind} (${plan.templateTitle}, starts ${formatStartDate(plan.startDate)})`, link: planLink(appUrl, plan) };
    }
    case 'plan.completed': {
      const { plan } = (payload as WebhookPayload<'plan.completed'>).data;
      return { text: `${plan.person.name} completed ${plan.kind} 🎉`, link: planLink(appUrl, plan) };
    }
    case 'task.completed': {
      const { task, plan } = (payload as WebhookPayload<'task.completed'>).data;
      const by = task.completedBy?.name ?? plan.person.name;
      const forWhom = task.completedBy && task.completedBy.id !== plan.person.id ? ` for ${plan.person.name}` : '';
      return { text: `${by} completed “${task.title}”${forWhom} (${plan.progress}%)`, link: planLink(appUrl, plan) };
    }
    case 'user.invited': {
      const { user, invitedBy } = (payload as WebhookPayload<'user.invited'>).data;
      const role = user.role === 'manager' ? 'a manager' : 'a new hire';
      return { text: `${invitedBy.name} invited ${user.name} as ${role}`, link: { label: 'Open the team', url: `${appUrl}/team` } };
    }
    case 'user.deleted': {
      const { user, deletedBy } = (payload as WebhookPayload<'user.deleted'>).data;
      return { text: `${deletedBy.name} deleted ${user.name}’s account`, link: { label: 'Open the team', url: `${appUrl}/team` } };
    }
    case 'message.created': {
      const { message, plan } = (payload as WebhookPayload<'message.created'>).data;
      const on = message.sender.id === plan.person.id ? `their ${plan.kind}` : `${plan.person.name}’s ${plan.kind}`;
      return { text: `${message.sender.name} sent a message on ${on}`, link: planLink(appUrl, plan) };
    }
    case 'webhook.test':
      return { text: 'Kickoff is connected: this channel will hear about onboarding here.', link: { label: 'Open Kickoff', url: appUrl } };
  }
}

/** Slack mrkdwn escapes these three (https://api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** Markdown link text: brackets would end it early. */
const markdownEscape = (text: string) => text.replace(/([[\]\\])/g, '\\$1');

/** The JSON body a chat endpoint of `kind` takes for this event. */
export function chatBody(kind: ChatKind, payload: WebhookPayload, appUrl: string): unknown {
  const line = chatLine(payload, appUrl);
  switch (kind) {
    case 'slack':
      return { text: `${slackEscape(line.text)} <${line.link.url}|${slackEscape(line.link.label)}>` };
    case 'mattermost':
      return { text: `${line.text} [${markdownEscape(line.link.label)}](${line.link.url})` };
    case 'teams':
      return {
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [{ type: 'TextBlock', text: line.text, wrap: true }],
              actions: [{ type: 'Action.OpenUrl', title: line.link.label, url: line.link.url }],
            },
          },
        ],
      };
  }
}
