// The one map from a change (a poke of the change stream: its topic, and its plan when it has one) to
// the queries of the online screens that show it, and the hook that refreshes them. It lives here
// because it names several features' queries. The new hire's offline data is the sync engine's
// business (sync/session.ts pulls on a poke); this refreshes the REST reads every signed-in person has.
import { matchQuery, useQueryClient, type Query, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHANGE_TOPICS, type ChangePoke } from '../../../shared/events.ts';
import { companyStatsQueryOptions } from '../../features/analytics/api/get-company-stats.ts';
import { CONVERSATIONS_KEY, conversationKey } from '../../features/messages/api/get-conversation.ts';
import { UNREAD_MESSAGES_KEY } from '../../features/messages/api/get-unread-messages.ts';
import { MY_TASKS_COUNT_KEY } from '../../features/my-tasks/api/get-my-tasks-count.ts';
import { MY_TASKS_KEY } from '../../features/my-tasks/api/get-my-tasks.ts';
import { planDetailsQueryOptions } from '../../features/onboarding/api/get-plan-details.ts';
import { plansQueryOptions } from '../../features/onboarding/api/get-plans.ts';
import { isPlanResponsesRead, planResponsesQueryOptions } from '../../features/responses/api/get-plan-responses.ts';
import { SUBSCRIPTION_STATUS_KEY } from '../../features/subscriptions/api/get-subscription-status.ts';
import { COMPANY_KEY } from '../../lib/api/get-company.ts';
import { CURRENT_USER_KEY } from '../../lib/api/get-current-user.ts';
import { managersQueryOptions } from '../../lib/api/get-managers.ts';
import { TEAM_MEMBERS_KEY } from '../../lib/api/get-team-members.ts';
import { TEMPLATES_KEY } from '../../lib/api/get-templates.ts';
import { changeStream, isFromThisTab, type ChangeEvent } from '../../lib/change-stream.ts';

const PLANS_KEY = plansQueryOptions().queryKey;
/** Keys are URLs (lib/query-client.ts): every plan's own reads sit under the list's. */
const isOnePlansRead = (query: Query) => String(query.queryKey[0]).startsWith(`${PLANS_KEY[0]}/`);

/** A plan's list entry and its own reads (details, responses): that plan's, or every plan's when the poke names none. */
const planReads = (planId?: string): QueryFilters[] => [
  { queryKey: PLANS_KEY },
  planId ? { queryKey: planDetailsQueryOptions(planId).queryKey } : { predicate: isOnePlansRead },
  planId ? { queryKey: planResponsesQueryOptions(planId).queryKey } : { predicate: isPlanResponsesRead },
];

/** My tasks and its sidebar count: a plan's change may add, move or tick a task of anyone's inbox. */
const myTasksReads: QueryFilters[] = [{ queryKey: MY_TASKS_KEY }, { queryKey: MY_TASKS_COUNT_KEY }];

/** The queries that show what a poke says changed; nothing else is read again. */
export function queriesShowing(poke: ChangePoke, companyId: string): QueryFilters[] {
  const stats: QueryFilters = { queryKey: companyStatsQueryOptions(companyId).queryKey };
  const people: QueryFilters[] = [{ queryKey: TEAM_MEMBERS_KEY }, { queryKey: managersQueryOptions().queryKey }];
  switch (poke.topic) {
    case 'messages':
      return [{ queryKey: UNREAD_MESSAGES_KEY }, { queryKey: poke.planId ? conversationKey(poke.planId) : CONVERSATIONS_KEY }];
    case 'tasks':
      // Progress shows on the plan, on its person in the team lists, and in the figures.
      return [...planReads(poke.planId), ...myTasksReads, { queryKey: TEAM_MEMBERS_KEY }, stats];
    case 'plans':
      // A removed plan takes its messages (the unread count) and a template's use count with it.
      return [...planReads(poke.planId), ...myTasksReads, { queryKey: TEAM_MEMBERS_KEY }, { queryKey: TEMPLATES_KEY, exact: true }, { queryKey: UNREAD_MESSAGES_KEY }, stats];
    case 'templates':
      // The list only: an open editor keeps its draft and finds a newer save when it saves (409).
      return [{ queryKey: TEMPLATES_KEY, exact: true }, ...planReads(), stats];
    case 'team':
      return [...people, ...planReads(), stats];
    case 'company':
      return [{ queryKey: COMPANY_KEY }, { queryKey: CURRENT_USER_KEY }, stats];
    case 'subscription':
      return [{ queryKey: SUBSCRIPTION_STATUS_KEY }, { queryKey: CURRENT_USER_KEY }, stats];
  }
}

/** Pokes come in bursts (a new hire ticking down a list): the first refreshes at once, the rest together at the end of this window. */
export const REFRESH_WINDOW_MS = 500;

/**
 * Who is signed in is read as the page starts, just before the stream opens: a resync leaves it be
 * (it would be every page load's second read of it); pokes about the company still refresh it.
 */
const isSessionRead = (query: Query) => matchQuery({ queryKey: CURRENT_USER_KEY }, query);

const matchesAny = (filters: QueryFilters[], query: Query) => filters.some((filter) => matchQuery(filter, query));

/** Every query a change of any topic may touch: what a resync considers. */
const everyMapped = (companyId: string) => CHANGE_TOPICS.flatMap((topic) => queriesShowing({ topic }, companyId));

/**
 * What the screens do with the change stream: a poke refreshes the queries that show the change
 * (bursts batched per window); a resync the queries of what the server says was missed, and everything
 * mapped that was read before the stream opened. Only screens on view read again (invalidateQueries);
 * the rest are read on their next visit.
 */
export function changeRefresher(queryClient: QueryClient, companyId: string, schedule: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms)) {
  const refresh = (filters: QueryFilters[]) => void queryClient.invalidateQueries({ predicate: (query) => matchesAny(filters, query) });

  let windowOpen = false;
  let waiting: QueryFilters[] = [];
  const closeWindow = () => {
    if (waiting.length === 0) {
      windowOpen = false;
      return;
    }
    refresh(waiting);
    waiting = [];
    schedule(closeWindow, REFRESH_WINDOW_MS);
  };

  return (event: ChangeEvent) => {
    if (event.type === 'resync') {
      const readBefore = event.since;
      const all = everyMapped(companyId);
      const missed = event.missed.filter((poke) => !isFromThisTab(poke)).flatMap((poke) => queriesShowing(poke, companyId));
      // One invalidation: a query in both sets is read again once.
      void queryClient.invalidateQueries({
        predicate: (query) => matchesAny(missed, query) || (query.state.dataUpdatedAt < readBefore && !isSessionRead(query) && matchesAny(all, query)),
      });
      return;
    }
    const filters = queriesShowing(event.poke, companyId);
    // This tab's own write: its mutation refreshed the screen; the rest is only marked stale, read on its next visit.
    if (isFromThisTab(event.poke)) return void queryClient.invalidateQueries({ refetchType: 'none', predicate: (query) => filters.some((filter) => matchQuery(filter, query)) });
    if (windowOpen) {
      waiting.push(...filters);
      return;
    }
    refresh(filters);
    windowOpen = true;
    schedule(closeWindow, REFRESH_WINDOW_MS);
  };
}

/**
 * For the signed-in frame (the app shell, under `_app` and on `/`): opens this tab's change stream if
 * it is not open yet, and refreshes the screens below on its events. The stream stays open from one
 * screen to the next; signing out closes it (lib/sign-out.ts).
 */
export function useChangeRefresh(companyId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = changeStream.onChange(changeRefresher(queryClient, companyId));
    changeStream.start();
    return unsubscribe;
  }, [queryClient, companyId]);
}
