#!/usr/bin/env bash
# make fuzz: runs each libFuzzer target for SECONDS seconds, one after another (nice'd: the
# machine is shared), from corpora seeded with the repository's own fixtures.
#
#   Fuzz/run.sh FUZZER SECONDS TARGET…
#
# Corpora grow in .build/fuzz/corpus/TARGET; a crash, timeout or memory blow-up leaves its input
# in .build/fuzz/findings/ and fails the run. Replay one with the normal build:
#   swift run companion-fuzz TARGET .build/fuzz/findings/TARGET-crash-…
# and add it to Tests/Fixtures/fuzz/TARGET/ so the regression test keeps it fixed.
set -u
fuzzer=$1
seconds=$2
shift 2
root=$(pwd)
work=$root/.build/fuzz
mkdir -p "$work/findings"
failed=0

# The seeds of each target: files of the repository a user would hand the code.
seed() {
    local target=$1 seeds=$work/seeds/$1
    rm -rf "$seeds"
    mkdir -p "$seeds"
    case $target in
    predicate)
        local n=0
        while IFS= read -r line; do
            n=$((n + 1))
            printf '%s' "$line" >"$seeds/p$n"
        done <<'EOF'
title == "Dune" AND pages > 100
author.name BEGINSWITH[cd] 'fr' OR ANY tags.label IN {"a", "b"}
SUBQUERY(books, $b, $b.pages > 300).@count >= 2
NOT (price < 9.99) && born > CAST(0, "NSDate")
title MATCHES '.*[0-9]+' || isbn == nil || cover != nil
books.@avg.pages BETWEEN {10, 20} AND rating = %@
TRUEPREDICATE
title LIKE[c] "*ring*" AND inPrint == YES AND author.books.@count > 1
EOF
        ;;
    model)
        find Samples Tests/Fixtures -path '*.xcdatamodel/contents' -type f | while read -r file; do
            cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
        done
        ;;
    plist)
        # Read from copies: opening a store in place, even read-only, rewrites its -shm (DESIGN.md §4).
        local copies=$work/store-copies
        for store in Tests/Fixtures/coredata/*.sqlite Tests/Fixtures/coredata/*.CDBStore; do
            local name
            name=$(basename "$store")
            rm -rf "$copies"
            mkdir -p "$copies"
            cp "$store"* "$copies/"
            sqlite3 "$copies/$name" "SELECT writefile('$seeds/$name.metadata', Z_PLIST) FROM Z_METADATA" \
                >/dev/null 2>&1
            sqlite3 "$copies/$name" "SELECT writefile('$seeds/$name.modelcache', Z_CONTENT) FROM Z_MODELCACHE" \
                >/dev/null 2>&1
        done
        rm -rf "$copies"
        ;;
    markdown)
        cp Lessons/*.md "$seeds/"
        find Tests/TerminalMarkdownTests -name '*.md' -type f -exec cp {} "$seeds/" \;
        ;;
    iio)
        cp Tests/Fixtures/iio/* "$seeds/"
        find Samples/AccelerometerGraph/Recordings -type f -exec cp {} "$seeds/" \;
        ;;
    store)
        for store in Tests/Fixtures/coredata/*.sqlite Tests/Fixtures/coredata/*.CDBStore; do
            cp "$store" "$seeds/"
        done
        ;;
    esac
}

for target in "$@"; do
    seed "$target"
    corpus=$work/corpus/$target
    mkdir -p "$corpus"
    log=$work/$target.log
    # Longer inputs only slow a target down where the seeds are short.
    case $target in
    predicate) max_len=4096 ;;
    markdown) max_len=65536 ;;
    *) max_len=1048576 ;;
    esac
    COMPANION_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
        nice -n 10 "$fuzzer" "$corpus" "$work/seeds/$target" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -max_len="$max_len" \
        -artifact_prefix="$work/findings/$target-" -print_final_stats=1 >"$log" 2>&1
    status=$?
    runs=$(grep -oE 'stat::number_of_executed_units: +[0-9]+' "$log" | tail -n 1 | grep -o '[0-9]*$')
    time=$(grep -oE 'stat::average_exec_per_sec: +[0-9]+' "$log" | tail -n 1 | grep -o '[0-9]*$')
    if [ "$status" -eq 0 ]; then
        echo "fuzz $target: ${runs:-?} executions in ${seconds}s (${time:-?}/s), no crash"
    else
        echo "fuzz $target: FAILED (status $status) after ${runs:-?} executions; see $log and $work/findings/"
        grep -m 3 -E 'ERROR|SUMMARY|Fatal error|==[0-9]+==' "$log"
        failed=1
    fi
done
exit "$failed"
