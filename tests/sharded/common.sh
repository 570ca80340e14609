# What both sharded-run tests share, sourced after they set sgf, corpus and shards: skipping
# (exit 77, ctest's SKIP_RETURN_CODE) when a tool or the corpus is missing, the corpus's
# archives as `inputs`, failing with a message, and wall times.

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# Seconds since $1, an $EPOCHREALTIME.
elapsed() { awk -v start="$1" -v now="$EPOCHREALTIME" 'BEGIN { print now - start }'; }

# Skips unless every tool named is installed.
need_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/deps)"
  done
}

# The archives of the corpus's big/ collection, in `inputs`; skips when there are none.
find_inputs() {
  local big=$corpus/big
  [ -d "$big" ] || skip "no corpus at $big (set SGF_CORPUS)"
  shopt -s nullglob
  inputs=("$big"/*.zip "$big"/*.tar.*)
  shopt -u nullglob
  [ ${#inputs[@]} -gt 0 ] || skip "no archive in $big"
}

# The one-machine run over `inputs`: $work/single.jsonl, the same sorted by sort-jsonl in
# $work/single-sorted.jsonl, its exit status in `status` and its wall time in `single_seconds`.
one_machine_run() {
  local start=$EPOCHREALTIME
  "$sgf" check --format json --no-progress "${inputs[@]}" >"$work/single.jsonl" 2>/dev/null
  status=$?
  single_seconds=$(elapsed "$start")
  [ "$status" -le 1 ] || fail "the one-machine run exited $status"
  [ -s "$work/single.jsonl" ] || fail "the one-machine run printed nothing"
  "$source_dir/scripts/slurm/sort-jsonl" "$work/single.jsonl" >"$work/single-sorted.jsonl" ||
    fail "sort-jsonl failed on the one-machine run"
}
