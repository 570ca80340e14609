#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine (munged, slurmctld and slurmd on localhost,
# with a key, a slurm.conf, state and spool in a temporary folder), submits
# scripts/slurm/submit's job array over the corpus's big/ collection, waits for the gather job
# and compares the gathered JSON Lines with the one-machine run, byte for byte. The daemons
# are stopped and the folder removed on every way out (trap on EXIT), their logs printed when
# the test fails. Exit 77 (ctest's SKIP_RETURN_CODE) when Slurm, munge, jq or the corpus is
# missing.
#
# Usage: slurm_test.sh SGF_EXE SOURCE_DIR CORPUS [SHARDS]
# Prints the wall times of the one-machine run, of the Slurm run, and of arrays of 1 and of
# SHARDS tasks over no input (the overhead: fixed, and per further task).
set -uo pipefail
sgf=$1 source_dir=$2 corpus=${SGF_CORPUS:-$3} shards=${4:-4}
[ "$shards" -ge 2 ] || { echo "slurm_test.sh: SHARDS must be 2 or more" >&2; exit 2; }
source "$(dirname "$0")/common.sh"
need_tools munged slurmctld slurmd sbatch squeue scontrol sinfo jq
find_inputs

work=$(mktemp -d "${TMPDIR:-/tmp}/sgf-slurm-XXXXXX")
chmod 700 "$work"
pids=()
failed=1
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do # up to 10 s each to stop, then killed
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
  done
  if [ "$failed" = 1 ]; then
    for log in "$work"/*.log "$work"/out/*/*.out; do
      [ -f "$log" ] || continue
      echo "---- $log (last 40 lines)"
      tail -n 40 "$log"
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 2' INT TERM HUP

# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1; shift
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.2
  done
}
# A free TCP port on the loopback interface, for each daemon: never the defaults, which another
# cluster on the machine may hold.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    ss -Hltn "sport = :$port" | grep -q . || { echo "$port"; return; }
  done
}

user=$(id -un)
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/out"
chmod 700 "$work/munge"

# munge: a key of our own, its socket in the folder; root has to --force (munged warns that it
# should run as its own user: the test's daemons live only as long as the test).
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
force=(); [ "$(id -u)" = 0 ] && force=(--force)
munged "${force[@]}" --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/seed" \
  --foreground >>"$work/munged.log" 2>&1 &
pids+=($!)
wait_for 20 test -S "$work/munge/socket" || fail "munged did not start"

# slurm.conf: the node as slurmd -C finds it (CPUs, sockets, cores, memory), called localhost.
hardware=$(slurmd -C 2>/dev/null | head -n 1 | sed 's/^NodeName=[^ ]* //')
[ -n "$hardware" ] || fail "slurmd -C printed no node description"
cat >"$work/slurm.conf" <<CONF
ClusterName=sgftest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
PlugStackConfig=$work/plugstack.conf
NodeName=localhost NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=sgf Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
: >"$work/plugstack.conf"
export SLURM_CONF=$work/slurm.conf
slurmctld -D -f "$SLURM_CONF" -i >>"$work/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N localhost >>"$work/slurmd.log" 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -n localhost -o %T 2>/dev/null)" = idle ]; }
wait_for 60 node_idle || fail "the node did not become idle in 60 s: $(sinfo -N 2>&1)"
echo "one-node cluster up: $(sinfo -h -o '%P %D %c %m %T')"

# Waits for the submitted jobs ($1: the gather job) to leave the queue.
wait_jobs() {
  local job=$1 seconds=$2
  wait_for "$seconds" bash -c "! squeue -h -j $job 2>/dev/null | grep -q ." ||
    fail "job $job still queued after $seconds s: $(squeue 2>&1)"
}

# The overhead: arrays over a folder holding no record, of one task and of N; the difference
# is what each further task costs (the scheduler's passes, starting the batch script and sgf).
mkdir "$work/empty"
empty_run() { # shares; prints the wall time from submission to the gather job's end
  local start=$EPOCHREALTIME jobs
  jobs=$(SGF="$sgf" "$source_dir/scripts/slurm/submit" "$1" "$work/out/empty-$1" \
    check --format json "$work/empty") || fail "submit failed"
  wait_jobs "${jobs##* }" 120
  [ -f "$work/out/empty-$1/result.jsonl" ] || fail "the gather job over no input wrote no result"
  [ ! -s "$work/out/empty-$1/result.jsonl" ] || fail "the gather job over no input wrote lines"
  elapsed "$start"
}
empty_one=$(empty_run 1) || exit 1
empty_seconds=$(empty_run "$shards") || exit 1

# The one-machine run, then the same through the array.
one_machine_run

start=$EPOCHREALTIME
jobs=$(SGF="$sgf" "$source_dir/scripts/slurm/submit" "$shards" "$work/out/big" \
  check --format json "${inputs[@]}") || fail "submit failed"
wait_jobs "${jobs##* }" 1800
slurm_seconds=$(elapsed "$start")
result=$work/out/big/result.jsonl
[ -f "$result" ] || fail "the gather job wrote no $result"
[ "$(cat "$work/out/big/status")" = "$status" ] ||
  fail "the gathered status $(cat "$work/out/big/status") is not the one-machine run's $status"
lines=$(wc -l <"$work/single.jsonl")
cmp "$work/single-sorted.jsonl" "$result" ||
  fail "the gathered output differs from the one-machine run's ($lines lines)"
for k in $(seq "$shards"); do
  echo "share $k/$shards: $(wc -l <"$work/out/big/shard-$k-of-$shards.jsonl") lines"
done
printf 'identical: %d lines, %d shares\n' "$lines" "$shards"
printf 'wall time: one machine %.1f s, Slurm array of %d tasks and gather %.1f s\n' \
  "$single_seconds" "$shards" "$slurm_seconds"
printf 'over no input: array of 1 and gather %.1f s, of %d and gather %.1f s (%.2f s a further task)\n' \
  "$empty_one" "$shards" "$empty_seconds" \
  "$(awk -v a="$empty_one" -v b="$empty_seconds" -v n="$shards" 'BEGIN { print (b - a) / (n - 1) }')"
failed=0
