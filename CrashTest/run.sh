#!/usr/bin/env bash
# make crashtest: kills a saving process with SIGKILL at random moments, KILLS times, and after
# each kill checks the store: PRAGMA integrity_check says ok; the saves present are exactly the
# acknowledged ones, plus possibly the one in flight; no save is partial; ObjectGraph reopens it.
#
#   CrashTest/run.sh WRITER KILLS [MAX_DELAY_MS]
#
# WRITER is the built companion-crash-writer. Prints one summary line; exit status 1 on any
# violation.
set -u
writer=$1
kills=$2
max_delay_ms=${3:-400}
work=$(mktemp -d "${TMPDIR:-/tmp}/companion-crashtest.XXXXXX")
trap 'rm -rf "$work"' EXIT
store=$work/crash.sqlite
acked=0
in_flight=0
acknowledgements=0
violations=0

violation() {
    echo "crashtest: kill $1: $2" >&2
    violations=$((violations + 1))
}

for ((kill = 1; kill <= kills; kill++)); do
    log=$work/run.log
    "$writer" write "$store" >"$log" 2>"$work/run.err" &
    pid=$!
    # A random moment: from a few milliseconds (still opening, creating the store) to MAX_DELAY_MS.
    delay=$((RANDOM % max_delay_ms + 1))
    sleep "$(printf '0.%03d' "$delay")"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    status=$?
    if [ "$status" -ne 137 ]; then
        violation "$kill" "the writer ended by itself (status $status): $(head -c 300 "$work/run.err")"
        continue
    fi
    acknowledgements=$((acknowledgements + $(grep -c '^ack [0-9]*$' "$log")))
    last=$(grep -o '^ack [0-9]*$' "$log" | tail -n 1 | cut -d' ' -f2)
    [ -n "$last" ] && acked=$last
    if [ ! -e "$store" ]; then
        [ "$acked" -eq 0 ] || violation "$kill" "the store is gone after $acked acknowledged saves"
        continue
    fi
    integrity=$(sqlite3 "$store" 'PRAGMA integrity_check' 2>&1)
    [ "$integrity" = ok ] || violation "$kill" "integrity_check: $integrity"
    verified=$("$writer" verify "$store" 2>"$work/verify.err")
    if [ $? -ne 0 ]; then
        violation "$kill" "$(head -n 1 "$work/verify.err")"
        continue
    fi
    present=${verified#saves }
    if [ "$present" -eq "$acked" ]; then
        :
    elif [ "$present" -eq $((acked + 1)) ]; then
        # The save in flight committed before the kill, its acknowledgement did not get out.
        in_flight=$((in_flight + 1))
        acked=$present
    else
        violation "$kill" "$present saves present, $acked acknowledged"
        acked=$present
    fi
done
echo "crashtest: $kills kills, $acknowledgements acknowledged saves, $in_flight more in flight when killed and kept" \
    "($acked saves in the store), $violations violations"
[ "$violations" -eq 0 ]
