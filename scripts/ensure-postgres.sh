#!/usr/bin/env bash
# The PostgreSQL tests start Debian's server (version 15 or newer): install the package when it is missing.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then exit 0; fi
echo "PostgreSQL server not found: installing Debian's postgresql package..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
# The package starts a cluster of its own; the tests start throwaway ones and do not need it.
$SUDO service postgresql stop >/dev/null 2>&1 || true
