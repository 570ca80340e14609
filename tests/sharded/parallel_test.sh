#!/usr/bin/env bash
# GNU parallel as the light way to spread a run over a few machines: runs `sgf check --shard
# K/N` for K = 1..N through `parallel --sshlogin :` (":" is this machine, so no network), then
# compares the shares' JSON Lines, sorted by scripts/slurm/sort-jsonl, with the one-machine
# run over the corpus's big/ collection, byte for byte, and prints the wall times.
# Exit 77 (ctest's SKIP_RETURN_CODE) when parallel, jq or the corpus is missing.
#
# Usage: parallel_test.sh SGF_EXE SOURCE_DIR CORPUS [SHARDS]
set -uo pipefail
sgf=$1 source_dir=$2 corpus=${SGF_CORPUS:-$3} shards=${4:-4}
source "$(dirname "$0")/common.sh"
need_tools parallel jq
find_inputs

work=$(mktemp -d "${TMPDIR:-/tmp}/sgf-parallel-XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM HUP

one_machine_run

# Each job gets a share and an equal part of the cores; parallel's own exit status counts the
# jobs that exited non-zero, and 1 (problems found) is a result here: the joblog tells.
cores=$(nproc)
threads=$(((cores + shards - 1) / shards))
start=$EPOCHREALTIME
parallel --will-cite --sshlogin : --jobs "$shards" --joblog "$work/joblog" -q \
  "$sgf" check --format json --no-progress --jobs "$threads" --shard "{}/$shards" \
  -o "$work/shard-{}.jsonl" "${inputs[@]}" ::: $(seq "$shards") 2>"$work/stderr"
parallel_seconds=$(elapsed "$start")
worst=$(awk 'NR > 1 && $7 > worst { worst = $7 } END { print worst + 0 }' "$work/joblog")
[ "$(awk 'NR > 1' "$work/joblog" | wc -l)" = "$shards" ] || fail "parallel ran not $shards jobs"
[ "$worst" = "$status" ] || { cat "$work/joblog" >&2; tail -n 20 "$work/stderr" >&2; fail "the shares' worst status $worst is not the one-machine run's $status"; }

shard_files=()
for k in $(seq "$shards"); do shard_files+=("$work/shard-$k.jsonl"); done
"$source_dir/scripts/slurm/sort-jsonl" "${shard_files[@]}" >"$work/gathered.jsonl" ||
  fail "sort-jsonl failed on the shares"
cmp "$work/single-sorted.jsonl" "$work/gathered.jsonl" ||
  fail "the shares' output differs from the one-machine run's"
printf 'identical: %d lines, %d shares\n' "$(wc -l <"$work/single.jsonl")" "$shards"
printf 'wall time: one machine %.1f s, parallel --sshlogin : with %d shares %.1f s\n' \
  "$single_seconds" "$shards" "$parallel_seconds"
