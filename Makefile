# Core Data Companion. On a fresh machine, `make run` and `make test` are the only two commands
# a user needs: every target first installs the Debian packages it relies on (`deps`).
SWIFT    ?= swift
# `make install` needs no sudo: root installs into /usr/local, anyone else into ~/.local.
PREFIX   ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
CONFIG   ?= debug
SUITE    ?=
# The C libraries we link, and the tools the tests and benchmarks drive (sqlite3 compares schemas,
# tmux types into the interactive shell and the pager (less), cmark is the Markdown benchmark's baseline).
DEB_PACKAGES := pkg-config libsqlite3-dev libreadline-dev libcmark-dev zlib1g-dev sqlite3 tmux less cmark

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
	  $$sudo apt-get install -y --no-install-recommends $$missing \
	  || { $$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; }; \
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

# bin/companion and the lessons it reads at run time (<prefix>/share/companion/Lessons, found from
# the binary's own folder). The destination is checked before anything is built: an unwritable one
# is one line (make's own "*** … Stop.") and a non-zero status.
ifneq ($(filter install,$(MAKECMDGOALS)),)
INSTALL_DIR := $(DESTDIR)$(PREFIX)
ifneq ($(shell mkdir -p '$(INSTALL_DIR)' 2>/dev/null && test -w '$(INSTALL_DIR)' && echo ok),ok)
$(error make install: cannot write to $(INSTALL_DIR); choose another folder with PREFIX=DIR)
endif
endif

install:
	@$(MAKE) --no-print-directory deps
	$(SWIFT) build -c release --product companion
	@install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/companion/Lessons"
	@install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/companion" "$(DESTDIR)$(PREFIX)/bin/companion"
	@install -m 644 Lessons/*.md "$(DESTDIR)$(PREFIX)/share/companion/Lessons/"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/companion and its lessons in $(DESTDIR)$(PREFIX)/share/companion/Lessons"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) \
	  echo "$(PREFIX)/bin is not on your PATH; add it with:"; \
	  echo "  echo 'export PATH=\"$(PREFIX)/bin:\$$PATH\"' >> ~/.profile && . ~/.profile";; esac

clean:
	$(SWIFT) package clean
