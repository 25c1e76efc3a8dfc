#!/usr/bin/env bash
# Sets up a checkout: installs the npm packages (native addons build from source here) and, when
# browser tests are wanted, Debian's chromium; for the mail gateway's IMAP tests, Debian's dovecot.
# Safe to run again; it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (isolated-vm builds from source, about a minute)"
  npm ci --no-audit --no-fund
fi

# Browser tests drive Debian's chromium through playwright-core; never a downloaded browser.
if [ "${NOMICON_SKIP_CHROMIUM:-}" != "1" ] && [ ! -x /usr/lib/chromium/chromium ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's chromium for the browser tests"
  if ! apt-get install -y --no-install-recommends chromium >/dev/null 2>&1; then
    apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 \
      || echo "setup: chromium could not be installed; browser tests will be skipped" >&2
  fi
fi

# The mail gateway's IMAP intake is tested against a real dovecot on 127.0.0.1, started by the test
# itself with its own configuration (the package's service is never used).
if [ "${NOMICON_SKIP_DOVECOT:-}" != "1" ] && [ ! -x /usr/sbin/dovecot ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's dovecot for the IMAP tests"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends dovecot-imapd >/dev/null 2>&1; then
    apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends dovecot-imapd >/dev/null 2>&1 \
      || echo "setup: dovecot could not be installed; IMAP tests will be skipped" >&2
  fi
fi
echo "setup: done"
