# Sourced by the top-level scripts: creates .venv (once) and installs nnstack into it,
# with the extras NNSTACK_EXTRAS names ("test" where it is unset; "" for nnstack alone:
# ./run-example.sh needs no more).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
extras="${NNSTACK_EXTRAS-test}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.nnstack-installed${extras:+-$extras}"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -e "$root${extras:+[$extras]}"
    touch "$stamp"
fi
export PATH="$venv/bin:$PATH"
cd "$root"
