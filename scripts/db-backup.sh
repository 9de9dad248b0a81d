#!/bin/sh
# Backups of Footprint's database: pg_dump in PostgreSQL's custom format (compressed; restored with
# scripts/db-restore.sh), one file per run, footprint-YYYYMMDDTHHMMSSZ.dump, in BACKUP_DIR. A dump is
# written under a temporary name, checked with pg_restore --list, and only then given its name, so
# a file with the final name is always complete.
#
#   db-backup.sh            one backup now
#   db-backup.sh --loop     one now and then every BACKUP_INTERVAL_HOURS, each time deleting dumps
#                           older than BACKUP_KEEP_DAYS (compose's backup service runs this)
#   db-backup.sh --check    exit 0 only if the newest dump is younger than two intervals (its health check)
#
# The database: DATABASE_URL (postgres://user:password@host:port/database), or libpq's variables
# PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSWORD, or PGPASSWORD_FILE naming a file that holds
# the password (a Docker secret). Needs pg_dump and pg_restore of the server's major version or newer.
set -eu

BACKUP_DIR=${BACKUP_DIR:-/backups}
BACKUP_INTERVAL_HOURS=${BACKUP_INTERVAL_HOURS:-24}
BACKUP_KEEP_DAYS=${BACKUP_KEEP_DAYS:-14}

log() { printf '%s db-backup: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*"; }

case "$BACKUP_INTERVAL_HOURS$BACKUP_KEEP_DAYS" in
  *[!0-9]*) log "BACKUP_INTERVAL_HOURS and BACKUP_KEEP_DAYS must be whole numbers" >&2; exit 64 ;;
esac
if [ "$BACKUP_INTERVAL_HOURS" -lt 1 ]; then log "BACKUP_INTERVAL_HOURS must be at least 1" >&2; exit 64; fi

if [ -n "${PGPASSWORD_FILE:-}" ]; then
  if [ -n "${PGPASSWORD:-}" ]; then log "set PGPASSWORD or PGPASSWORD_FILE, not both" >&2; exit 64; fi
  PGPASSWORD=$(cat "$PGPASSWORD_FILE")
  export PGPASSWORD
fi
unset PGPASSWORD_FILE
# An empty PGPASSWORD would be sent as the password: leave it to libpq's other sources instead.
if [ -z "${PGPASSWORD:-}" ]; then unset PGPASSWORD; fi

backup_once() {
  mkdir -p "$BACKUP_DIR"
  name="footprint-$(date -u +%Y%m%dT%H%M%SZ).dump"
  partial="$BACKUP_DIR/.$name.partial"
  trap 'rm -f "$partial"' EXIT
  if [ -n "${DATABASE_URL:-}" ]; then
    pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$partial" --dbname="$DATABASE_URL"
  else
    pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$partial"
  fi
  # A dump pg_restore cannot read is no backup.
  pg_restore --list "$partial" >/dev/null
  mv "$partial" "$BACKUP_DIR/$name"
  trap - EXIT
  log "wrote $BACKUP_DIR/$name ($(wc -c <"$BACKUP_DIR/$name" | tr -d ' ') bytes)"
}

prune() {
  find "$BACKUP_DIR" -maxdepth 1 -type f -name 'footprint-*.dump' -mtime "+$((BACKUP_KEEP_DAYS - 1))" -print | while read -r old; do
    rm -f "$old"
    log "deleted $old (older than $BACKUP_KEEP_DAYS days)"
  done
}

case "${1:-}" in
  '')
    backup_once
    ;;
  --loop)
    trap 'log "stopping"; exit 0' TERM INT
    while :; do
      backup_once || log "backup FAILED; next attempt in $BACKUP_INTERVAL_HOURS h" >&2
      prune
      # In the background, so that a stop signal ends the wait at once.
      sleep "$((BACKUP_INTERVAL_HOURS * 3600))" &
      wait $!
    done
    ;;
  --check)
    newest=$(find "$BACKUP_DIR" -maxdepth 1 -type f -name 'footprint-*.dump' -mmin "-$((BACKUP_INTERVAL_HOURS * 120))" 2>/dev/null | head -n 1)
    if [ -z "$newest" ]; then
      log "no dump younger than $((BACKUP_INTERVAL_HOURS * 2)) h in $BACKUP_DIR" >&2
      exit 1
    fi
    ;;
  *)
    echo "usage: db-backup.sh [--loop | --check]" >&2
    exit 64
    ;;
esac
