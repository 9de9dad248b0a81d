#!/bin/sh
# Puts a dump made by scripts/db-backup.sh back: the database's public schema is dropped and
# recreated, then the dump is restored, all in ONE transaction: if anything fails, the database is
# left exactly as it was. Stop the app first (docker compose stop app) and start it after; it
# applies any migration newer than the dump at start.
#
#   db-restore.sh FILE.dump --yes
#
# The database: DATABASE_URL, or libpq's PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD (or
# PGPASSWORD_FILE), as for db-backup.sh. Needs psql and pg_restore.
set -eu

log() { printf '%s db-restore: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*"; }

file=${1:-}
if [ -z "$file" ] || [ "${2:-}" != "--yes" ]; then
  echo "usage: db-restore.sh FILE.dump --yes   (replaces everything in the database with the dump)" >&2
  exit 64
fi
if [ ! -r "$file" ]; then
  log "cannot read $file" >&2
  exit 66
fi

if [ -n "${PGPASSWORD_FILE:-}" ]; then
  if [ -n "${PGPASSWORD:-}" ]; then log "set PGPASSWORD or PGPASSWORD_FILE, not both" >&2; exit 64; fi
  PGPASSWORD=$(cat "$PGPASSWORD_FILE")
  export PGPASSWORD
fi
unset PGPASSWORD_FILE
if [ -z "${PGPASSWORD:-}" ]; then unset PGPASSWORD; fi

# The drop's NOTICE lists every table; warnings and errors still show.
PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
export PGOPTIONS

# Read the whole dump before touching the database.
pg_restore --list "$file" >/dev/null

log "restoring $file"
# BEGIN ... COMMIT around it all, the COMMIT sent only when pg_restore read the whole dump: a restore
# cut short ends without it, so PostgreSQL rolls everything back (psql stops at the first error).
failed=$(mktemp)
{
  echo 'BEGIN;'
  echo 'DROP SCHEMA IF EXISTS public CASCADE;'
  echo 'CREATE SCHEMA public;'
  if pg_restore --no-owner --no-privileges --file=- "$file"; then
    echo 'COMMIT;'
  else
    echo yes >"$failed"
  fi
} | if [ -n "${DATABASE_URL:-}" ]; then
  psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --output=/dev/null --dbname="$DATABASE_URL"
else
  psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --output=/dev/null
fi || echo yes >"$failed"
if [ -s "$failed" ]; then
  rm -f "$failed"
  log "FAILED: nothing was changed" >&2
  exit 1
fi
rm -f "$failed"
log "restored $file"
