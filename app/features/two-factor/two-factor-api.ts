// The two-factor calls (issue 24), typed by the API's routes: sign-in's second step, the person's own
// authenticator app and recovery codes, and the company's "require a second factor" rule.
import { queryOptions } from '@tanstack/react-query';
import type { CompanySecondFactorInput, SecondFactorInput, TotpConfirm } from '../../../shared/two-factor.ts';
import { client, json } from '../../lib/typed-client.ts';

const { auth, users, company } = client.api;
const mine = users.me['two-factor'];

export const TWO_FACTOR_KEY = ['/api/users/me/two-factor'] as const;
export const COMPANY_SECOND_FACTOR_KEY = ['/api/company/second-factor'] as const;

export const twoFactorApi = {
  signIn: (body: SecondFactorInput) => json(auth['second-factor'].$post({ json: body })),
  status: (signal?: AbortSignal) => json(mine.$get(undefined, { init: { signal } })),
  start: () => json(mine.start.$post()),
  confirm: (body: TotpConfirm) => json(mine.confirm.$post({ json: body })),
  disable: (body: SecondFactorInput) => json(mine.disable.$post({ json: body })),
  regenerate: (body: TotpConfirm) => json(mine['recovery-codes'].$post({ json: body })),
  verify: (body: SecondFactorInput) => json(mine.verify.$post({ json: body })),
  companyRule: (signal?: AbortSignal) => json(company['second-factor'].$get(undefined, { init: { signal } })),
  setCompanyRule: (body: CompanySecondFactorInput) => json(company['second-factor'].$put({ json: body })),
};

export const twoFactorStatusQueryOptions = () => queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => twoFactorApi.status(signal) });
export const companySecondFactorQueryOptions = () => queryOptions({ queryKey: COMPANY_SECOND_FACTOR_KEY, queryFn: ({ signal }) => twoFactorApi.companyRule(signal) });
