#!/bin/sh
# The audit browser's own PostgreSQL role (compose's browser-db-role service runs this once the app
# has migrated the schema). The browser service logs in as this role, not as the app's: it may read
# and write the browser job queue (browser_jobs, browser_workers), send and hear the queue's
# notifications, and read which migrations ran (its start-up check), nothing else: no users, scans,
# tokens or payments. A renderer that escapes Chromium's sandbox and then the worker finds no
# password that opens the rest of the database.
#
# The database as the app's owner: PGHOST, PGUSER, PGDATABASE and PGPASSWORD or PGPASSWORD_FILE.
# The role's password: BROWSER_DB_PASSWORD_FILE (a file in SECRETS_DIR). Run again at any time: it
# sets the password and the grants again, and takes back anything granted beyond them.
set -eu

log() { printf '%s browser-db-role: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*"; }

if [ -n "${PGPASSWORD_FILE:-}" ]; then
  if [ -n "${PGPASSWORD:-}" ]; then log "set PGPASSWORD or PGPASSWORD_FILE, not both" >&2; exit 64; fi
  PGPASSWORD=$(cat "$PGPASSWORD_FILE")
  export PGPASSWORD
fi
unset PGPASSWORD_FILE
if [ -z "${PGPASSWORD:-}" ]; then unset PGPASSWORD; fi

ROLE=${BROWSER_DB_ROLE:-footprint_browser}
if [ -z "${BROWSER_DB_PASSWORD_FILE:-}" ] || [ ! -s "$BROWSER_DB_PASSWORD_FILE" ]; then
  log "BROWSER_DB_PASSWORD_FILE must name a file holding the browser role's password" >&2
  exit 64
fi

# psql variables are quoted by psql itself (:'name' as a literal, :"name" as an identifier).
psql -v ON_ERROR_STOP=1 -q -v role="$ROLE" -v password="$(cat "$BROWSER_DB_PASSWORD_FILE")" <<'SQL'
SELECT format('CREATE ROLE %I', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 20 PASSWORD %L', :'role', :'password') \gexec
SELECT format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', :'role') \gexec
SELECT format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', :'role') \gexec
SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), :'role') \gexec
SELECT format('GRANT USAGE ON SCHEMA public TO %I', :'role') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON browser_jobs, browser_workers TO %I', :'role') \gexec
SELECT format('GRANT SELECT ON migrations TO %I', :'role') \gexec
SQL
log "role $ROLE may use the browser job queue only"
