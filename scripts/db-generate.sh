#!/usr/bin/env bash
# `npm run db:generate -- --name <change>`: one migration per engine from the twin schemas (drizzle.config.ts).
set -euo pipefail
npx drizzle-kit generate "$@"
DRIZZLE_ENGINE=postgres npx drizzle-kit generate "$@"
