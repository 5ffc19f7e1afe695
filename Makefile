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

.PHONY: deps build run test bench install lessons clean

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
