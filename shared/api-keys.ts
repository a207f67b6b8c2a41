// API keys (issue 21): the contract of /api/api-keys and what a key looks like. An admin's key is sent as
// `Authorization: Bearer kk_...` and acts as that admin, limited by its scope (api/api-keys/api-key-auth.ts).
import * as v from 'valibot';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read only', description: 'GET requests only: list people, plans, templates and progress.' },
  write: { label: 'Read and write', description: 'Everything an admin may do through the API, except keys, accounts, payments and sync.' },
};

/** Every key starts with this, so a secret scanner (and a person) can tell a Kickoff key at a glance. */
export const API_KEY_PREFIX = 'kk_';
/** How many characters of the key the list shows to tell keys apart ('kk_' and the first 6 of the secret). */
export const API_KEY_SHOWN_CHARS = 9;
export const API_KEY_NAME_MAX = 80;

/** `kk_` and 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^kk_[A-Za-z0-9_-]{43}$/;

/** POST /api/api-keys */
export const CreateApiKeySchema = v.strictObject({
  name: v.pipe(
    v.string('Please enter a name for the key'),
    v.trim(),
    v.minLength(1, 'Please enter a name for the key'),
    v.maxLength(API_KEY_NAME_MAX, `The name may be at most ${API_KEY_NAME_MAX} characters`),
  ),
  scope: v.picklist(API_KEY_SCOPES, 'Please choose read or write'),
});
export type CreateApiKeyInput = v.InferInput<typeof CreateApiKeySchema>;

/** A key as GET /api/api-keys lists it: never the key itself, nor its hash. Times are ISO. */
export type ApiKeyView = {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters ('kk_AbC123'), to tell keys apart. */
  prefix: string;
  createdAt: string;
  createdBy: { id: string; name: string };
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** POST /api/api-keys answers the whole key, this once: only its SHA-256 is kept. */
export type CreatedApiKey = ApiKeyView & { key: string };
