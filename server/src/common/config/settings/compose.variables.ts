/**
 * Variables that only docker-compose.yml reads (the server never sees them by these names): they
 * go into the generated `.env.example` after the server's settings.
 */
export interface ComposeVariable {
  name: string;
  default?: string;
  doc: string;
}

export const COMPOSE_VARIABLES: readonly ComposeVariable[] = [
  { name: 'APP_PORT', default: '3000', doc: 'Host port the app is published on (http://localhost:3000).' },
  {
    name: 'POSTGRES_USER',
    default: 'footprint',
    doc: "PostgreSQL account created by the db service (only when its volume is new) and used in the app's DATABASE_URL.",
  },
  { name: 'POSTGRES_DB', default: 'footprint', doc: 'The database the db service creates and the app uses.' },
  {
    name: 'POSTGRES_PASSWORD',
    doc: 'THE DATABASE PASSWORD HAS NO DEFAULT: set this or POSTGRES_PASSWORD_FILE (not both), or the db service refuses to create the database (openssl rand -base64 32).',
  },
  {
    name: 'POSTGRES_PASSWORD_FILE',
    doc: 'Better: a file in SECRETS_DIR holding the password, named by its path inside the containers, for example /run/secrets/postgres_password after: mkdir -p secrets && openssl rand -base64 32 > secrets/postgres_password',
  },
  {
    name: 'SECRETS_DIR',
    default: './secrets',
    doc: "The host folder mounted read-only at /run/secrets in the app, db, backup and prometheus services, for the *_FILE settings. Its files must be readable by the containers' users (the app runs as uid 1000, PostgreSQL as 999). The browser service gets only its file browser_db_password (the password of its own database role, which may use the browser job queue only): openssl rand -base64 32 > secrets/browser_db_password",
  },
  { name: 'BACKUP_DIR', default: './backups', doc: 'Where the backup service writes a pg_dump every BACKUP_INTERVAL_HOURS. Copy them off the machine too.' },
  { name: 'BACKUP_INTERVAL_HOURS', default: '24', doc: 'Hours between two dumps.' },
  { name: 'BACKUP_KEEP_DAYS', default: '14', doc: 'Dumps older than this are deleted.' },
  { name: 'MAIL_UI_PORT', default: '8025', doc: 'The dev profile\'s mail catcher (Mailpit): its web UI on 127.0.0.1. Point the app at it with SMTP_URL=smtp://mail:1025.' },
  { name: 'MAIL_SMTP_PORT', default: '1025', doc: "The mail catcher's SMTP port on 127.0.0.1, for a server run outside Compose." },
  {
    name: 'PROMETHEUS_PORT',
    default: '9090',
    doc: 'The metrics profile: Prometheus on 127.0.0.1, scraping the app with the operator token from SECRETS_DIR/operator_token (set OPERATOR_TOKEN_FILE=/run/secrets/operator_token so the app reads the same file).',
  },
  { name: 'PROMETHEUS_RETENTION', default: '30d', doc: 'How long Prometheus keeps its data.' },
];
