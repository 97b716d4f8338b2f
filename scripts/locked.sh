#!/usr/bin/env bash
# Runs a command while holding a named lock, so two people working in one checkout at once do not
# both generate a migration or rewrite a catalogue: bash scripts/locked.sh NAME command...
set -euo pipefail
name="$1"; shift
exec flock "/tmp/storefront-${name}.lock" "$@"
