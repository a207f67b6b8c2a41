-- Sessions are now keyed by the SHA-256 of their id (api/auth/sessions.ts). Rows written before hold the
-- raw id: no cookie can match them any more, and they should not sit in the database or its backups.
-- Everyone signs in again once.
DELETE FROM "sessions";
