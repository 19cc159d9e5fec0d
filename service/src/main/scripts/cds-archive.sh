#!/usr/bin/env bash
# Optional faster start (README "Faster start"): unpacks service/target/costbench.jar into service/target/cds and
# records a class data sharing archive of the classes a start loads (a training start that stops once the
# application context is refreshed, on a throw-away embedded database). Then start the service with
#   java -XX:SharedArchiveFile=service/target/cds/costbench.jsa -jar service/target/cds/costbench.jar
# from the repository root. The archive fits only this JDK and these jars: re-run after every build or JDK update (a
# stale archive is ignored by the JVM with a warning, and the service starts as without it).
set -euo pipefail
cd "$(dirname "$0")/../../../.."   # repository root: the archive records the class path as written here
jar=service/target/costbench.jar
out=service/target/cds
[[ -f $jar ]] || { echo "no $jar: run mvn -B -q package -DskipTests first" >&2; exit 1; }
rm -rf "$out"
java -Djarmode=tools -jar "$jar" extract --destination "$out"
training_data=$(mktemp -d)
trap 'rm -rf "$training_data"' EXIT
java -XX:ArchiveClassesAtExit="$out/costbench.jsa" -Dspring.context.exit=onRefresh -jar "$out/costbench.jar" \
  --server.port=0 --costbench.data-dir="$training_data" >"$out/training.log" 2>&1
echo "archive $out/costbench.jsa ($(du -h "$out/costbench.jsa" | cut -f1)); start with:"
echo "  java -XX:SharedArchiveFile=$out/costbench.jsa -jar $out/costbench.jar"
