#!/usr/bin/env bash
# Type-checks nnstack with pyright (pyrightconfig.json: standard mode, as xDSL uses).
# The sources live in dialects/, transforms/, ... but import as nnstack.dialects, ...
# (pyproject's package-dir), and pyright names a module after the folder it sits in;
# so it checks a tree of hard links laid out like the installed package, made afresh
# here, and the report names the files where they really are.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tree="$root/build/typecheck"
rm -rf "$tree"
mkdir -p "$tree/nnstack"
for package in dialects transforms interpreters tools frontend native; do
    (cd "$root" && find "$package" -name '*.py' -exec cp --parents -l {} "$tree/nnstack/" \;)
done
cd "$root"
pyright "$@" | sed "s|$tree/nnstack/|$root/|g"
exit "${PIPESTATUS[0]}"
