#!/usr/bin/env bash
# The simulator's JMH benchmarks, from the repository root (one JVM fork each, error bars at 99.9%):
#   bench/simulator-jmh.sh                          # all: SimulatorBenchmark, Trainium2SimulatorBenchmark,
#                                                   # GpuPricingBenchmark (about 10 minutes on a quiet machine)
#   bench/simulator-jmh.sh 'bench.SimulatorBenchmark.point' -i 10   # a regex over benchmark names, then any JMH options
# The benchmarks are test classes (src/test/java/**/*Benchmark.java); `mvn verify` compiles but never runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -o -pl benchmark-engine,trainium2-model,h100-model -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/cp.txt
for module in benchmark-engine trainium2-model h100-model; do
  cp="$module/target/test-classes:$module/target/classes:$(cat "$module/target/cp.txt")"
  # A name filter may match nothing in a module: skip it rather than fail.
  if java -cp "$cp" org.openjdk.jmh.Main -l "$@" | grep -q '^io\.costbench\.'; then
    java -cp "$cp" org.openjdk.jmh.Main "$@"
  fi
done
