# The Slurm recipe of gamerec(1), ACROSS MACHINES, on a real Slurm of one
# node: the job script and the two ways of submitting it are read from the
# man page (and must be the same in docs/cluster.md) and run as they are;
# `gamerec summarize` must then give the summary line and exit status of
# one `validate --jobs 1` run over all the files, from the same JSON lines.
# The test runs munged, slurmctld and slurmd of its own, in the foreground
# under its control (no systemd), with the key, the sockets, slurm.conf, the
# state and the logs in its scratch folder and ports that nothing uses; the
# system's Slurm and munge, if any, are neither used nor changed.
source "$(dirname "$0")/lib.sh"
PATH=$PATH:/usr/sbin:/sbin
for program in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
  command -v "$program" >/dev/null ||
    skip "$program is not installed (.ci/setup installs Debian's slurmctld, slurmd, slurm-client and munge)"
done

daemons=()     # munged, slurmctld, slurmd
bounded_pid=   # the command bounded() runs
# On every way out (the end, a failure, ctest's timeout signal): print what
# the daemons and the jobs said when something went wrong, cancel the jobs,
# stop the daemons and remove the scratch folder.
finish() {
  local status=$? pid
  trap - EXIT TERM INT HUP
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    for log in "$scratch"/slurm/*.log "$scratch"/slurm-*.out; do
      [ -s "$log" ] || continue
      echo "--- the end of ${log#"$scratch"/}:" >&2
      tail -n 15 "$log" >&2
    done
  fi
  [ -z "$bounded_pid" ] || kill "$bounded_pid" 2>/dev/null || true
  if [ ${#daemons[@]} -ge 3 ]; then  # jobs first, so that none outlives slurmd
    scancel --quiet --user="$(id -un)" 2>/dev/null || true
    wait_for 10 no_jobs 2>/dev/null || true
  fi
  for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${daemons[@]}"; do
    wait_for 10 ended "$pid" || kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$scratch"
  exit "$status"
}
trap finish EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP

# Waits up to SECONDS for COMMAND... to succeed, asking every 0.2 s.
wait_for() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}
ended() { ! kill -0 "$1" 2>/dev/null; }
no_jobs() { [ -z "$(squeue -h -o %i)" ]; }
# Runs COMMAND... for at most SECONDS, its output and errors into files, in
# the background: a signal to this script is then handled at once, not
# after the command, and finish() still writes to the script's own stderr.
bounded() {  # SECONDS OUT ERR COMMAND...
  local status=0
  timeout "$1" "${@:4}" > "$2" 2> "$3" &
  bounded_pid=$!
  wait "$bounded_pid" || status=$?
  bounded_pid=
  [ "$status" -ne 124 ] || fail "timed out after $1 s: ${*:4}"
  return "$status"
}
daemons_alive() {
  local pid
  for pid in "${daemons[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a daemon (pid $pid) ended; its log is below"
  done
}
node_idle() { daemons_alive && [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ]; }
job_state() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true; }
job_over() { daemons_alive && [[ $(job_state "$1") =~ ^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY)$ ]]; }
task_running() { daemons_alive && [ "$(job_state "$1")" = RUNNING ]; }

cd "$scratch"

# The recipe as the man page gives it: the code blocks of ACROSS MACHINES,
# with the groff escapes undone (as tests/cli/doc_examples_test.cpp does);
# the job script is the block that starts with #!/bin/sh, and the two ways
# of submitting it are the next two.
mkdir page
awk '/^\.SH / { inside = ($0 == ".SH ACROSS MACHINES") }
     inside && /^\.EX/ { block++; in_block = 1; printf "" > ("page/" block); next }
     /^\.EE/ { in_block = 0 }
     in_block && !/^\./ { print > ("page/" block) }' "$SRC/man/gamerec.1"
for block in page/*; do
  perl -i -pe 'BEGIN { %text = ("-" => "-", "(aq" => "\x27", "(dq" => "\"", "(ti" => "~",
                                "(ha" => "^", "(rs" => "\\", "&" => "", "e" => "\\") }
               s/\\(-|\(aq|\(dq|\(ti|\(ha|\(rs|&|e|.?)/
                 exists $text{$1} ? $text{$1} : die "$ARGV:$.: an escape this test does not know: \\$1\n"/ge' "$block"
done
script=
for block in $(ls page | sort -n); do
  [ "$(head -n 1 "page/$block")" = "#!/bin/sh" ] && script=$block && break
done
[ -n "$script" ] || fail "gamerec(1), ACROSS MACHINES: no job script (a block that starts with #!/bin/sh)"
cp "page/$script" validate.sh
cp "page/$((script + 1))" submit_wait.sh
cp "page/$((script + 2))" submit_dependency.sh
grep -q "sbatch --wait validate.sh" submit_wait.sh || fail "the block after the job script: $(cat submit_wait.sh)"
grep -q "sbatch --dependency=" submit_dependency.sh || fail "the second block after it: $(cat submit_dependency.sh)"

# docs/cluster.md gives the same three blocks (indented code blocks).
awk '/^    / { if (!inside) block++; inside = 1
               printf "%s%s\n", blanks, substr($0, 5) > ("page/md-" block); blanks = ""; next }
     /^[ \t]*$/ { if (inside) blanks = blanks "\n"; next }
     { inside = 0; blanks = "" }' "$SRC/docs/cluster.md"
md=
for block in $(ls page | sed -n 's/^md-//p' | sort -n); do
  [ "$(head -n 1 "page/md-$block")" = "#!/bin/sh" ] && md=$block && break
done
[ -n "$md" ] || fail "docs/cluster.md: no job script (an indented block that starts with #!/bin/sh)"
for file in validate.sh submit_wait.sh submit_dependency.sh; do
  cmp -s "$file" "page/md-$md" 2>/dev/null ||
    fail "docs/cluster.md differs from gamerec(1) in $file: $(diff "$file" "page/md-$md" 2>&1 | head -n 5)"
  md=$((md + 1))
done

# munge and Slurm of our own. munged wants every folder above its socket
# searchable by all; the ports are two that no socket here uses, below the
# range the kernel hands out to clients.
chmod 711 "$scratch"
mkdir slurm slurm/state slurm/spool
mungekey --create --keyfile=slurm/munge.key
munged --foreground --key-file="$scratch/slurm/munge.key" --socket="$scratch/slurm/munge.socket" \
  --pid-file="$scratch/slurm/munged.pid" --seed-file="$scratch/slurm/munged.seed" > slurm/munged.log 2>&1 &
daemons+=($!)
read -r first_ephemeral _ < /proc/sys/net/ipv4/ip_local_port_range
used=" $(awk '$2 ~ /:/ { sub(/.*:/, "", $2); print $2 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null |
         while read -r hex; do printf '%d ' "0x$hex"; done)"
span=$((first_ephemeral > 12000 ? first_ephemeral - 10002 : 20000))
while :; do
  port=$((10000 + (RANDOM * 32768 + RANDOM) % span))
  [[ $used != *" $port "* && $used != *" $((port + 1)) "* ]] && break
done
host=$(hostname -s)
# A node of this machine's cores; daemons run by the user running the test
# (root or not: slurmd need not be root when every job is its user's); no
# cgroups (proctrack/linuxproc, task/none), no accounting. For speed: jobs
# started as soon as they are submitted or a job ends (batch_sched_delay=0),
# pending jobs looked at every 2 s (not 60), finished jobs kept 5 s
# (MinJobAge: sbatch --wait then asks every 2 s instead of backing off to 8
# and 32), a cancelled job killed 2 s after SIGTERM, a requeued one held
# back 11 s (cred_expire + 1, not 121).
cat > slurm/slurm.conf <<CONF
ClusterName=gamerectest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$scratch/slurm/munge.socket,cred_expire=10
StateSaveLocation=$scratch/slurm/state
SlurmdSpoolDir=$scratch/slurm/spool
SlurmctldPidFile=$scratch/slurm/slurmctld.pid
SlurmdPidFile=$scratch/slurm/slurmd.pid
PlugStackConfig=$scratch/slurm/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SchedulerParameters=batch_sched_delay=0,sched_interval=2
MinJobAge=5
KillWait=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
: > slurm/plugstack.conf
export SLURM_CONF=$scratch/slurm/slurm.conf
wait_for 10 test -S slurm/munge.socket || { daemons_alive; fail "munged made no socket"; }
slurmctld -D -i > slurm/slurmctld.log 2>&1 &
daemons+=($!)
slurmd -D -N "$host" > slurm/slurmd.log 2>&1 &
daemons+=($!)
wait_for 30 node_idle || fail "node $host not idle after 30 s: $(sinfo 2>&1)"

make_recipe_archives  # archives.txt (tests/shell/lib.sh)
lines=$(wc -l < archives.txt)

# One run over all the files: the reference.
reference() {  # LIST: one.jsonl, one.err and status_one of one run over it
  local archives
  mapfile -t archives < "$1"
  status_one=0
  "$GAMEREC" validate --jobs 1 --format json "${archives[@]}" > one.jsonl 2> one.err || status_one=$?
}
reference archives.txt
[ "$status_one" -eq 2 ] || fail "the reference run: status $status_one (a missing file makes it 2)"
grep -q "not checked" one.err || fail "the reference run: $(cat one.err)"

# gamerec on the PATH of the jobs (sbatch passes the environment on), and
# sbatch giving the page's validate.sh an array and cores this node has
# (the page's 1000 tasks of 16 cores do not fit here): $ARRAY tasks of one
# core. Options on the command line win over the script's #SBATCH lines.
mkdir bin
ln -s "$GAMEREC" bin/gamerec
cat > bin/sbatch <<WRAPPER
#!/bin/sh
for argument; do
  [ "\$argument" = validate.sh ] && exec $(command -v sbatch) --array="\$ARRAY" --cpus-per-task=1 "\$@"
done
exec $(command -v sbatch) "\$@"
WRAPPER
chmod +x bin/sbatch
export PATH=$scratch/bin:$PATH

# What the results must be: the summary line and exit status of one run, the
# same JSON lines as a set (none lost, none twice), one file a task that had
# lines, and nothing left half written.
expect_results() {  # WHAT STATUS STDERR TASKS-WITH-LINES
  expect_equal "$1: status" "$status_one" "$2"
  expect_equal "$1: summary" "$(cat one.err)" "$(cat "$3")"
  cat results/*.jsonl | sort > recipe.sorted
  sort one.jsonl > one.sorted
  cmp -s one.sorted recipe.sorted ||
    fail "$1: the lines differ from one run's: $(diff one.sorted recipe.sorted | head -n 5)"
  expect_equal "$1: result files" "$4" "$(ls results/*.jsonl | wc -l)"
  [ -z "$(ls results/*.part 2>/dev/null)" ] || fail "$1: half-written results left: $(ls results/*.part)"
}

# 1. sbatch --wait, 3 tasks for all the lines: slices of a third of them.
status=0
ARRAY=0-2 bounded 60 wait.out wait.err sh submit_wait.sh || status=$?
expect_results "sbatch --wait, 3 tasks for $lines files" "$status" wait.err 3

# 2. An array that does not number its tasks from 0 without gaps would
# leave lines to no task: every task fails instead, and no summary is made.
rm -f slurm-*.out
status=0
ARRAY=1-3 bounded 60 wait.out wait.err sh submit_wait.sh || status=$?
expect_equal "an array of 1-3: status (the tasks')" 3 "$status"
[ ! -s wait.err ] || fail "an array of 1-3: $(cat wait.err)"
[ -z "$(ls results)" ] || fail "an array of 1-3 left results: $(ls results)"
expect_equal "an array of 1-3: what the tasks said" 3 "$(cat slurm-*.out | grep -c "^validate.sh: the array must be 0-N, with no gaps$")"

# 3. More tasks than files: the tasks without a line leave no results
# (summarize would refuse an empty file).
mkdir few
cp validate.sh submit_wait.sh few/
cd few
valid=("$SRC"/samples/chess/valid/*)
invalid=("$SRC"/samples/chess/invalid/*)
printf '%s\n' "${valid[0]}" "${invalid[0]}" missing.pgn > archives.txt
status_all=$status_one
reference archives.txt
status=0
ARRAY=0-4 bounded 60 wait.out wait.err sh submit_wait.sh || status=$?
expect_results "sbatch --wait, 5 tasks for 3 files" "$status" wait.err 3
cd ..
status_one=$status_all

# 4. The summary as a job of its own, 7 tasks, two of which fail: the task
# with "a game.kalah" and the one with "bad.pgn.zst" hang (each a FIFO no
# one writes to); the first is cancelled (as at its time limit: Slurm
# signals all its processes) and the second loses its gamerec alone (as to
# the kernel's out-of-memory killer), so its script must see the status.
# Neither leaves results; the summary job is cancelled; the two requeued
# (their files back) complete the results.
task_of() { echo $(( ($(grep -n -x -F "$1" archives.txt | cut -d: -f1) - 1) % 7 )); }
cancelled=$(task_of "a game.kalah")
killed=$(task_of bad.pgn.zst)
[ "$cancelled" -ne "$killed" ] || fail "the two FIFOs are in the same slice"
mv "a game.kalah" kalah.kept
mv bad.pgn.zst zst.kept
mkfifo "a game.kalah" bad.pgn.zst
ARRAY=0-6 bounded 30 dependency.out dependency.err sh submit_dependency.sh ||
  fail "the summary as a job: $(cat dependency.err)"
summary_job=$(sed -n 's/^Submitted batch job //p' dependency.out)
array_job=$(squeue -h -n validate.sh -o %F | sort -u)
[[ $summary_job =~ ^[0-9]+$ && $array_job =~ ^[0-9]+$ ]] ||
  fail "the summary as a job: no job ids in $(cat dependency.out) / $(squeue 2>&1)"
# The gamerec that reads a slice: the process here whose command line names it.
gamerec_of() {
  local proc
  for proc in /proc/[0-9]*; do
    [ "$proc/cwd" -ef "$scratch" ] 2>/dev/null &&
      [[ $(tr '\0' ' ' < "$proc/cmdline" 2>/dev/null) == *"--files-from results/$1.list "* ]] &&
      echo "${proc#/proc/}"
  done
  return 0
}
has_gamerec() { daemons_alive && [ -n "$(gamerec_of "$1")" ]; }
wait_for 30 has_gamerec "$killed" || fail "task $killed: no gamerec ($(job_state "${array_job}_$killed"))"
kill -KILL $(gamerec_of "$killed")
# slurmctld forgets a job MinJobAge (5 s) after it ends: each task's end is
# read as it comes, not once every job is over (on a loaded machine the
# first was forgotten by then).
wait_for 30 job_over "${array_job}_$killed" || fail "task $killed did not end: $(squeue 2>&1)"
killed_state=$(job_state "${array_job}_$killed")
wait_for 30 task_running "${array_job}_$cancelled" || fail "task $cancelled: $(job_state "${array_job}_$cancelled")"
scancel "${array_job}_$cancelled"
wait_for 30 job_over "${array_job}_$cancelled" || fail "task $cancelled did not end: $(squeue 2>&1)"
cancelled_state=$(job_state "${array_job}_$cancelled")
wait_for 30 job_over "$summary_job" || fail "the summary job did not end: $(squeue 2>&1)"
expect_equal "the summary job, after a task failed" CANCELLED "$(job_state "$summary_job")"
[ ! -s summary.txt ] || fail "the summary job ran: $(cat summary.txt)"
wait_for 30 no_jobs || fail "jobs left: $(squeue 2>&1)"
expect_equal "the task whose gamerec was killed" FAILED "$killed_state"
expect_equal "the cancelled task" CANCELLED "$cancelled_state"
[ ! -e "results/$cancelled.jsonl" ] || fail "the cancelled task left results"
[ ! -e "results/$killed.jsonl" ] || fail "the task whose gamerec was killed left results"
rm "a game.kalah" bad.pgn.zst
mv kalah.kept "a game.kalah"
mv zst.kept bad.pgn.zst
scontrol requeue "${array_job}_$cancelled,${array_job}_$killed"
for task in "$cancelled" "$killed"; do
  wait_for 40 job_over "${array_job}_$task" || fail "the requeued task $task did not end: $(squeue 2>&1)"
  expect_equal "the requeued task $task" COMPLETED "$(job_state "${array_job}_$task")"
done
status=0
gamerec summarize results/*.jsonl 2> requeued.err || status=$?
expect_results "7 tasks, two failed and requeued" "$status" requeued.err 7

# 5. The summary job when all goes well.
ARRAY=0-6 bounded 30 dependency.out dependency.err sh submit_dependency.sh ||
  fail "the summary as a job: $(cat dependency.err)"
summary_job=$(sed -n 's/^Submitted batch job //p' dependency.out)
wait_for 40 job_over "$summary_job" || fail "the summary job did not end: $(squeue 2>&1)"
exit_code=$(scontrol -o show job "$summary_job" | grep -o 'ExitCode=[0-9]*' | cut -d= -f2)
expect_results "the summary as a job, 7 tasks" "$exit_code" summary.txt 7
echo "slurm recipe: ok"
