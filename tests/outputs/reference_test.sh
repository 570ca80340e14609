#!/usr/bin/env bash
# The outputs of `sgf info` and `sgf check --no-count` over all of corpus/big against the hashes
# in bench/e2e/reference.sha256: the scans that build no tree (info, and the clean records of
# check) must write what the full parse writes. Read the way the reference was made: the three
# archives in place, from inside the folder, stdout and stderr together.
# Exit 77 (ctest's SKIP_RETURN_CODE) when the corpus is missing.
#
# Usage: reference_test.sh SGF_EXE SOURCE_DIR CORPUS
set -uo pipefail
sgf=$1 source_dir=$2 corpus=${SGF_CORPUS:-$3}/big
archives=(pro-cwi.tar.xz kgs-6d.tar.bz2 ai.zip)
for a in "${archives[@]}"; do
  [ -e "$corpus/$a" ] || { echo "skipped: $corpus/$a is absent"; exit 77; }
done
status=0
for command in info check-no-count; do
  args=(info)
  [ "$command" = check-no-count ] && args=(check --no-count)
  expected=$(sed -n "s/^$command //p" "$source_dir/bench/e2e/reference.sha256")
  actual=$(cd "$corpus" && { "$sgf" "${args[@]}" -j 2 --no-progress "${archives[@]}" 2>&1 || true; } |
    sha256sum | cut -d' ' -f1)
  if [ "$actual" = "$expected" ]; then
    echo "sgf ${args[*]}: identical to the reference"
  else
    echo "sgf ${args[*]}: DIFFERS ($actual, reference $expected)"
    status=1
  fi
done
exit $status
