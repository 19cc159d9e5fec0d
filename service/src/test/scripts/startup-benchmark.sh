#!/usr/bin/env bash
# Time from `java` to a healthy service (/actuator/health UP), for the packaged jar as the README starts it, on H2
# (a fresh data folder per run) and on PostgreSQL (a fresh database costbench_startup per run). Prints each run's
# wall time to healthy, the process's CPU time (user + system) at that moment and Spring's "Started ... in", then the
# median per database and variant. The main thread's CPU time (the JVM's threads named "java": the launcher's, which
# only waits, and main) is what the start waits for on a quiet machine: compare it when the machine is busy.
# Usage: service/src/test/scripts/startup-benchmark.sh [runs per database and variant, default 5]
# Environment: VARIANTS="jar cds base" (default "jar"; "cds" is the optional class-data-sharing launch of the README,
# prepared by service/src/main/scripts/cds-archive.sh when service/target/cds/costbench.jsa is missing or older than the jar; "base" is
# another build's jar, BASE_JAR, e.g. main's, to compare against in the same conditions),
# DATABASES="h2 postgresql", SKIP_BUILD=1 to reuse service/target/costbench.jar, PORT (18202), and PGHOST / PGUSER.
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
RUNS=${1:-5}
PORT=${PORT:-18202}
VARIANTS=${VARIANTS:-jar}
DATABASES=${DATABASES:-h2 postgresql}
CDS_DIR="$REPO_ROOT/service/target/cds"
build
if [[ " $VARIANTS " == *" cds "* && ! "$CDS_DIR/costbench.jsa" -nt "$JAR" ]]; then
  log "preparing the class data sharing archive"
  "$REPO_ROOT/service/src/main/scripts/cds-archive.sh" >"$WORK_DIR/cds-archive.log" 2>&1
fi
TICKS=$(getconf CLK_TCK)
RESULTS="$WORK_DIR/results.txt"
: >"$RESULTS"

one_run() { # variant database run
  local variant=$1 database=$2 run=$3 pid start now cpu main_cpu started
  local datasource=() launch=(-jar "$JAR")
  if [[ $database == postgresql ]]; then
    fresh_database costbench_startup
    datasource=(SPRING_DATASOURCE_URL="jdbc:postgresql://$PGHOST:5432/costbench_startup"
      SPRING_DATASOURCE_USERNAME="$PGUSER" SPRING_DATASOURCE_PASSWORD="")
  fi
  if [[ $variant == cds ]]; then
    launch=(-XX:SharedArchiveFile="$CDS_DIR/costbench.jsa" -jar "$CDS_DIR/costbench.jar")
  elif [[ $variant == base ]]; then
    launch=(-jar "${BASE_JAR:?set BASE_JAR to compare against another build}")
  fi
  local data="$WORK_DIR/data-$variant-$database-$run" logfile="$WORK_DIR/$variant-$database-$run.log"
  start=$(date +%s%N)
  env "${datasource[@]}" java -XX:+ExitOnOutOfMemoryError "${launch[@]}" --server.port="$PORT" \
    --costbench.data-dir="$data" >"$logfile" 2>&1 &
  pid=$!
  until curl -fs "http://127.0.0.1:$PORT/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; do
    kill -0 "$pid" 2>/dev/null || { log "$variant $database run $run: the service exited (log $logfile)"; return 1; }
    sleep 0.05
  done
  now=$(date +%s%N)
  cpu=$(awk -v t="$TICKS" '{printf "%.1f", ($14 + $15) / t}' "/proc/$pid/stat")
  main_cpu=$(cat /proc/"$pid"/task/*/stat 2>/dev/null | awk -v t="$TICKS" '$2 == "(java)" {s += $14 + $15}
    END {printf "%.1f", s / t}')
  kill "$pid"; wait "$pid" 2>/dev/null || true
  started=$(grep -o 'Started CostbenchApplication in [0-9.]* seconds' "$logfile" | grep -o '[0-9.]*' | head -1)
  printf '%s %s %s %.2f %s %s %s\n' "$variant" "$database" "$run" "$(echo "($now - $start) / 1000000000" | bc -l)" \
    "$cpu" "$main_cpu" "${started:-?}" | tee -a "$RESULTS"
}

log "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "variant database run healthy_s cpu_s main_thread_cpu_s spring_started_s"
for run in $(seq 1 "$RUNS"); do
  for database in $DATABASES; do
    for variant in $VARIANTS; do   # interleaved, so every variant sees the same machine load
      one_run "$variant" "$database" "$run"
    done
  done
done
log "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$RESULTS" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    variant, database, _, healthy, cpu, main_cpu, _ = line.split()
    rows[(variant, database)].append((float(healthy), float(cpu), float(main_cpu)))
for (variant, database), values in rows.items():
    healthy, cpu, main_cpu = ([v[i] for v in values] for i in range(3))
    print(f"{variant:4} {database:10} healthy median {statistics.median(healthy):.2f} s "
          f"(min {min(healthy):.2f}, max {max(healthy):.2f}), CPU median {statistics.median(cpu):.1f} s, "
          f"main thread CPU median {statistics.median(main_cpu):.1f} s, {len(values)} runs")
PY
