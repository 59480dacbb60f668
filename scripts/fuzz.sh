#!/bin/sh
# fuzz.sh: builds the libFuzzer targets of Fuzz/ and runs each for a bounded
# time from its seed corpus (Fuzz/corpus/TARGET); docs/FUZZING.md.
#
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_TARGETS   which targets (default: rpc-line dispatch config keys)
#   FUZZ_BUILD     scratch path of the build (default .build/fuzz)
#
# New corpus entries, crash inputs and logs go to a new directory under
# $FUZZ_BUILD/runs (made with mktemp), never to the committed corpus. Fails
# (exit 1) when a target crashes, times out or runs out of memory, naming the
# input that did it and the command that reproduces it.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-rpc-line dispatch config keys}
FUZZ_BUILD=${FUZZ_BUILD:-.build/fuzz}
case $FUZZ_SECONDS in '' | *[!0-9]*) echo "FUZZ_SECONDS must be a number of seconds" >&2; exit 2 ;; esac

# -sanitize=fuzzer links libFuzzer (its main) but, with this toolchain, does
# not instrument Swift code for coverage: -sanitize-coverage does. Debug, so
# that the dispatch target may `@testable import` the daemon; -O for speed.
mkdir -p "$FUZZ_BUILD"
FUZZ_BUILD=$(cd "$FUZZ_BUILD" && pwd)
build=$FUZZ_BUILD
echo "building the fuzz targets (Fuzz/Package.swift) in $FUZZ_BUILD"
# SwiftPM compiles the C targets again, and so everything that imports them,
# whenever the environment differs from the last build's; make's MAKEFLAGS
# holds `FUZZ_TARGETS=...`, so these variables stay out of the build's.
if ! (
  unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES FUZZ_SECONDS FUZZ_TARGETS FUZZ_BUILD
  exec $SWIFT build --package-path Fuzz --scratch-path "$build" --sanitize=fuzzer --sanitize=address \
    -Xswiftc -parse-as-library -Xswiftc -O -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
) >"$FUZZ_BUILD/build.log" 2>&1; then
  grep -v 'Cannot export local symbol' "$FUZZ_BUILD/build.log" | tail -40 >&2
  echo "fuzz build failed; full log: $FUZZ_BUILD/build.log" >&2
  exit 1
fi
# Not `swift build --show-bin-path`: without the flags above it replans the
# build, and the next build compiles everything again.
bin=$FUZZ_BUILD/debug

mkdir -p "$FUZZ_BUILD/runs"
run=$(mktemp -d "$FUZZ_BUILD/runs/run-XXXXXX")
echo "run directory: $run"

# Per target: the longest input, the dictionary, whether LeakSanitizer runs,
# and how often the process restarts (0: never). See docs/FUZZING.md:
# - rpc-line: a line longer than ProtocolLimits.maximumLineBytes (64 KiB) never
#   reaches the parser;
# - dispatch: one line may pass that limit (the connection is then closed);
# - config: 16 KiB is room for any structure (the 1 MiB file limit is checked
#   before parsing, and has its own tests); it restarts every minute, as its
#   RSS grows by a few KB per input under ASan (LeakSanitizer finds no leak
#   in the code: this is libFuzzer's and ASan's bookkeeping); LeakSanitizer is
#   off: it reports Swift's indirect enum boxes, whose pointers carry tag bits,
#   as leaked;
# - keys: 400 records of 25 bytes.
settings() {
  case $1 in
    rpc-line) max_len=65536 dict=Fuzz/dicts/json-rpc.dict leaks=1 restart=0 ;;
    dispatch) max_len=66000 dict=Fuzz/dicts/json-rpc.dict leaks=0 restart=60 ;;
    config) max_len=16384 dict=Fuzz/dicts/toml.dict leaks=0 restart=60 ;;
    keys) max_len=10000 dict= leaks=1 restart=0 ;;
    *) echo "unknown fuzz target $1 (rpc-line, dispatch, config, keys)" >&2; exit 2 ;;
  esac
}

failed=""
summary="$run/summary.txt"
printf '%-9s %7s %11s %8s %7s %8s %13s  %s\n' target seconds executions exec/s cov ft corpus result >"$summary"
for target in $FUZZ_TARGETS; do
  settings "$target"
  out="$run/$target"
  mkdir -p "$out/corpus" "$out/tmp"
  set -- "$bin/fuzz-$target" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks="$leaks" \
    -print_final_stats=1 -artifact_prefix="$out/" ${dict:+-dict="$dict"}
  echo "fuzzing $target for $FUZZ_SECONDS s: $* -max_total_time=N $out/corpus Fuzz/corpus/$target"
  start=$(date +%s)
  executions=0
  chunk=0
  result=clean
  while :; do
    left=$((FUZZ_SECONDS - ($(date +%s) - start)))
    [ "$left" -gt 0 ] || break
    slice=$left
    if [ "$restart" -gt 0 ] && [ "$slice" -gt "$restart" ]; then slice=$restart; fi
    chunk=$((chunk + 1))
    log="$out/fuzz-$chunk.log"
    status=0
    TMPDIR="$out/tmp" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=$leaks" \
      "$@" -max_total_time="$slice" "$out/corpus" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    executions=$((executions + ${units:-0}))
    if [ "$status" -ne 0 ]; then
      result="FAILED (exit $status)"
      failed="$failed $target"
      grep -E 'ERROR|fuzz check failed|Fatal error|SUMMARY' "$log" | head -5 >&2 || true
      for artifact in "$out"/crash-* "$out"/timeout-* "$out"/oom-* "$out"/leak-*; do
        [ -e "$artifact" ] || continue
        echo "$target: input saved as $artifact" >&2
        echo "  reproduce: $bin/fuzz-$target $artifact" >&2
        echo "  minimise:  $bin/fuzz-$target -minimize_crash=1 -runs=100000 $artifact" >&2
      done
      echo "  log: $log" >&2
      break
    fi
  done
  seconds=$(($(date +%s) - start))
  done_line=$(grep -h 'DONE' "$out/fuzz-$chunk.log" 2>/dev/null | tail -1)
  cov=$(echo "$done_line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$done_line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  corpus=$(echo "$done_line" | sed -n 's/.*corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
  printf '%-9s %7s %11s %8s %7s %8s %13s  %s\n' "$target" "$seconds" "$executions" \
    "$((executions / (seconds > 0 ? seconds : 1)))" "${cov:--}" "${ft:--}" "${corpus:--}" "$result" >>"$summary"
done
echo
cat "$summary"
echo "(corpus: inputs/bytes at the end; new ones are in $run/TARGET/corpus)"
if [ -n "$failed" ]; then
  echo "fuzzing failed:$failed" >&2
  exit 1
fi
