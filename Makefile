# Core Data Companion. On a fresh machine, `make run` and `make test` are the only two commands
# a user needs: every target first installs the Debian packages it relies on (`deps`).
SWIFT    ?= swift
PREFIX   ?= /usr/local
CONFIG   ?= debug
SUITE    ?=
# The C libraries we link, and the tools the tests and benchmarks drive (sqlite3 compares schemas,
# tmux types into the interactive shell and the pager (less), cmark is the Markdown benchmark's baseline,
# lld links the fuzz targets: `make fuzz`).
DEB_PACKAGES := pkg-config libsqlite3-dev libreadline-dev libcmark-dev zlib1g-dev libxml2-dev sqlite3 tmux less cmark lld

.PHONY: deps build run test bench install lessons clean crashtest fuzz

deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  echo "make deps: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get update -q && $$sudo apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

# The first lecture: the Theater sample with its cascade delete rule.
run: deps
	$(SWIFT) run theater $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product companion-bench
	SUITE=$(SUITE) $$($(SWIFT) build -c release --show-bin-path)/companion-bench

lessons: deps
	$(SWIFT) run companion lessons $(ARGS)

install: deps
	$(SWIFT) build -c release --product companion
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/companion/Lessons
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/companion $(DESTDIR)$(PREFIX)/bin/companion
	install -m 644 Lessons/*.md $(DESTDIR)$(PREFIX)/share/companion/Lessons/

clean:
	$(SWIFT) package clean

# Reliability (issue 20). `make crashtest`: a writer saving in a loop is killed with SIGKILL at
# random moments, KILLS times; after each kill the store must pass integrity_check, hold exactly
# the acknowledged saves (plus possibly the one in flight), none partial, and reopen. CI: KILLS=30.
KILLS ?= 300
crashtest: deps
	$(SWIFT) build --product companion-crash-writer
	CrashTest/run.sh "$$($(SWIFT) build --show-bin-path)/companion-crash-writer" $(KILLS)

# `make fuzz`: each libFuzzer target (Fuzz/Sources/FuzzTarget.swift) runs SECONDS seconds from a
# corpus seeded with the repository's fixtures; a crash fails the run and leaves its input in
# .build/fuzz/findings. The build has a folder of its own, so `swift build` never sees libFuzzer.
# CI smoke run: make fuzz SECONDS=20. One target: make fuzz TARGETS=plist.
SECONDS ?= 60
TARGETS ?= predicate model plist markdown iio store
fuzz: deps
	$(SWIFT) build -c release --product companion-fuzz --build-path .build/fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
	Fuzz/run.sh .build/fuzz/release/companion-fuzz $(SECONDS) $(TARGETS)
