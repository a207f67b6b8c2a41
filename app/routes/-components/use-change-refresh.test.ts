// The map from a poke to the queries it refreshes: every screen query is on view (observed), and
// each case checks which ones were read again, so a query refreshed needlessly fails as surely as one missed.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangePoke } from '../../../shared/events.ts';
import { companyStatsQueryOptions } from '../../features/analytics/api/get-company-stats.ts';
import { conversationKey } from '../../features/messages/api/get-conversation.ts';
import { UNREAD_MESSAGES_KEY } from '../../features/messages/api/get-unread-messages.ts';
import { planDetailsQueryOptions } from '../../features/onboarding/api/get-plan-details.ts';
import { plansQueryOptions } from '../../features/onboarding/api/get-plans.ts';
import { planResponsesQueryOptions } from '../../features/responses/api/get-plan-responses.ts';
import { SUBSCRIPTION_STATUS_KEY } from '../../features/subscriptions/api/get-subscription-status.ts';
import { templateKey } from '../../features/templates/api/get-template.ts';
import { COMPANY_KEY } from '../../lib/api/get-company.ts';
import { CURRENT_USER_KEY } from '../../lib/api/get-current-user.ts';
import { managersQueryOptions } from '../../lib/api/get-managers.ts';
import { TEAM_MEMBERS_KEY } from '../../lib/api/get-team-members.ts';
import { TEMPLATES_KEY } from '../../lib/api/get-templates.ts';
import { TAB_CLIENT_ID } from '../../lib/api-client.ts';
import type { ChangeEvent } from '../../lib/change-stream.ts';
import { changeRefresher, REFRESH_WINDOW_MS } from './use-change-refresh.ts';

const COMPANY_ID = 'company-1';

/** Every query a signed-in screen may hold, by a name for the assertions. */
const SCREEN_QUERIES: Record<string, QueryKey> = {
  plans: plansQueryOptions().queryKey,
  'plan p1': planDetailsQueryOptions('p1').queryKey,
  'plan p2': planDetailsQueryOptions('p2').queryKey,
  'responses p1': planResponsesQueryOptions('p1').queryKey,
  'responses p2': planResponsesQueryOptions('p2').queryKey,
  'conversation p1': conversationKey('p1'),
  'conversation p2': conversationKey('p2'),
  unread: UNREAD_MESSAGES_KEY,
  team: TEAM_MEMBERS_KEY,
  managers: managersQueryOptions().queryKey,
  templates: TEMPLATES_KEY,
  'template t1': templateKey('t1'),
  stats: companyStatsQueryOptions(COMPANY_ID).queryKey,
  'other company stats': companyStatsQueryOptions('company-2').queryKey,
  company: COMPANY_KEY,
  user: CURRENT_USER_KEY,
  subscription: SUBSCRIPTION_STATUS_KEY,
  'public config': ['/api/public-config'],
};

const unsubscribes: (() => void)[] = [];
afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));

/** A client whose screen queries were read at `readAt` and are on view; `reads` lists each one read since. */
function screens(readAt = 1_000, readLater: string[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const reads: string[] = [];
  for (const [name, queryKey] of Object.entries(SCREEN_QUERIES)) {
    queryClient.setQueryData(queryKey, { name }, { updatedAt: readLater.includes(name) ? readAt + 500 : readAt });
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: async () => {
        reads.push(name);
        return { name };
      },
    });
    unsubscribes.push(observer.subscribe(() => undefined));
  }
  const windows: (() => void)[] = [];
  const refresh = changeRefresher(queryClient, COMPANY_ID, (run) => void windows.push(run));
  /** Hands an event to the refresher and waits until every read it started has answered. */
  const send = async (event: ChangeEvent) => {
    refresh(event);
    await settled(queryClient);
  };
  return { queryClient, reads, send, windows, settle: () => settled(queryClient) };
}

async function settled(queryClient: QueryClient) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await expect.poll(() => queryClient.isFetching()).toBe(0);
}

const poke = (poke: ChangePoke): ChangeEvent => ({ type: 'poke', poke });
const sorted = (names: string[]) => [...names].sort();

describe('refreshing on a change', () => {
  it.each<[ChangePoke, string[]]>([
    [{ topic: 'messages', planId: 'p1' }, ['conversation p1', 'unread']],
    [{ topic: 'messages' }, ['conversation p1', 'conversation p2', 'unread']],
    [{ topic: 'tasks', planId: 'p1' }, ['plan p1', 'plans', 'responses p1', 'stats', 'team']],
    [{ topic: 'plans', planId: 'p2' }, ['plan p2', 'plans', 'responses p2', 'stats', 'team', 'templates', 'unread']],
    [{ topic: 'templates' }, ['plan p1', 'plan p2', 'plans', 'responses p1', 'responses p2', 'stats', 'templates']],
    [{ topic: 'team' }, ['managers', 'plan p1', 'plan p2', 'plans', 'responses p1', 'responses p2', 'stats', 'team']],
    [{ topic: 'company' }, ['company', 'stats', 'user']],
    [{ topic: 'subscription' }, ['stats', 'subscription', 'user']],
  ])('a %o poke reads again exactly what shows it', async (change, expected) => {
    const { reads, send } = screens();
    await send(poke(change));
    expect(sorted(reads)).toEqual(expected);
  });

  it('batches a burst: the first poke at once, the rest together when the window closes', async () => {
    const { reads, send, windows, settle } = screens();
    await send(poke({ topic: 'tasks', planId: 'p1' }));
    expect(sorted(reads)).toEqual(['plan p1', 'plans', 'responses p1', 'stats', 'team']);
    expect(windows).toHaveLength(1);

    reads.length = 0;
    await send(poke({ topic: 'tasks', planId: 'p2' }));
    await send(poke({ topic: 'messages', planId: 'p2' }));
    expect(reads).toEqual([]);

    windows.shift()!();
    await settle();
    expect(sorted(reads)).toEqual(['conversation p2', 'plan p2', 'plans', 'responses p2', 'stats', 'team', 'unread']);
    // That window closes empty-handed: the next poke goes at once again.
    expect(windows).toHaveLength(1);
    windows.shift()!();
    reads.length = 0;
    await send(poke({ topic: 'company' }));
    expect(sorted(reads)).toEqual(['company', 'stats', 'user']);
    expect(REFRESH_WINDOW_MS).toBeLessThan(1_000);
  });

  it("reads nothing again for this tab's own write, only marks what shows it stale; another tab's write is read", async () => {
    const { queryClient, reads, send, windows } = screens();
    await send(poke({ topic: 'messages', planId: 'p1', origin: TAB_CLIENT_ID }));
    expect(reads).toEqual([]);
    expect(windows).toHaveLength(0);
    expect(queryClient.getQueryState(conversationKey('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationKey('p2'))?.isInvalidated).toBe(false);
    await send(poke({ topic: 'messages', planId: 'p1', origin: crypto.randomUUID() }));
    expect(sorted(reads)).toEqual(['conversation p1', 'unread']);
  });

  it('on a resync reads again what was read before that connection was asked for, except who is signed in', async () => {
    const { reads, send } = screens(1_000, ['plans', 'stats']);
    await send({ type: 'resync', since: 1_200, missed: [] });
    expect(sorted(reads)).toEqual(
      sorted(Object.keys(SCREEN_QUERIES).filter((name) => !['plans', 'stats', 'user', 'public config', 'template t1', 'other company stats'].includes(name))),
    );
  });

  it('on a resync also reads again, once, what the server says was missed, though read after the connection was asked for', async () => {
    // Everything was read after the connection was asked for; a message and a tick came just before the server listened.
    const { reads, send, windows } = screens(1_000, Object.keys(SCREEN_QUERIES));
    await send({
      type: 'resync',
      since: 1_200,
      missed: [
        { topic: 'messages', planId: 'p1' },
        { topic: 'tasks', planId: 'p1' },
      ],
    });
    expect(sorted(reads)).toEqual(['conversation p1', 'plan p1', 'plans', 'responses p1', 'stats', 'team', 'unread']);
    expect(windows).toHaveLength(0);
  });

  it('on a resync leaves out a missed change this tab made, and reads what is in both sets only once', async () => {
    const { reads, send } = screens(1_000, ['plans', 'stats', 'team', 'plan p1', 'responses p1']);
    await send({
      type: 'resync',
      since: 1_200,
      missed: [
        { topic: 'tasks', planId: 'p1' },
        { topic: 'company', origin: TAB_CLIENT_ID },
      ],
    });
    // Read before the connection was asked for: every mapped query but the signed-in person (company's own poke is this tab's).
    const before = Object.keys(SCREEN_QUERIES).filter(
      (name) => !['plans', 'stats', 'team', 'plan p1', 'responses p1', 'user', 'public config', 'template t1', 'other company stats'].includes(name),
    );
    expect(sorted(reads)).toEqual(sorted([...before, 'plans', 'stats', 'team', 'plan p1', 'responses p1']));
  });
});
