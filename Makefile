# Core Data Companion. On a fresh machine, `make run` and `make test` are the only two commands
# a user needs: every target first installs the Debian packages it relies on (`deps`).
SWIFT    ?= swift
# `make install` needs no sudo: root installs into /usr/local, anyone else into ~/.local.
PREFIX   ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
CONFIG   ?= debug
SUITE    ?=
# The C libraries we link, and the tools the tests and benchmarks drive (sqlite3 compares schemas,
# tmux types into the interactive shell and the pager (less), cmark is the Markdown benchmark's baseline,
# lld links the fuzz targets: `make fuzz`).
DEB_PACKAGES := pkg-config libsqlite3-dev libreadline-dev libcmark-dev zlib1g-dev libxml2-dev sqlite3 tmux less cmark lld

.PHONY: deps build run test bench install lessons docs codegen-demo crashtest fuzz clean

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

# The DocC catalogs, as static sites under .build/docs/<Module> (open index.html through a local web
# server, e.g. `python3 -m http.server -d .build/docs/ObjectGraph`, then /documentation/objectgraph).
# Symbol graphs come from the compiler itself, in a build folder of their own so the usual build is
# left alone; the toolchain's `docc` turns each catalog into a site. Any DocC warning fails the target.
DOCC         ?= docc
DOCS_MODULES := ObjectGraph StoreInspector TerminalMarkdown Accelerometer
DOCS_BUILD   := .build/docs-build
DOCS_OUTPUT  := .build/docs

docs: deps
	@set -e; symbols="$(CURDIR)/$(DOCS_BUILD)/symbol-graphs"; mkdir -p "$$symbols"; \
	for module in $(DOCS_MODULES); do \
	  echo "make docs: symbol graphs of $$module"; \
	  $(SWIFT) build --target $$module --scratch-path $(DOCS_BUILD) \
	    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$$symbols"; \
	done; \
	pages=""; \
	for module in $(DOCS_MODULES); do \
	  rm -rf "$$symbols-$$module" $(DOCS_OUTPUT)/$$module; mkdir -p "$$symbols-$$module" $(DOCS_OUTPUT); \
	  cp "$$symbols/$$module.symbols.json" "$$symbols-$$module/"; \
	  for extension in "$$symbols/$$module"@*.symbols.json; do \
	    [ ! -e "$$extension" ] || cp "$$extension" "$$symbols-$$module/"; \
	  done; \
	  echo "make docs: docc convert Sources/$$module/$$module.docc"; \
	  $(DOCC) convert Sources/$$module/$$module.docc --additional-symbol-graph-dir "$$symbols-$$module" \
	    --output-path $(DOCS_OUTPUT)/$$module --transform-for-static-hosting --warnings-as-errors \
	    --fallback-display-name $$module --fallback-bundle-identifier org.coredatacompanion.$$module \
	    > $(DOCS_OUTPUT)/$$module.log 2>&1 || { cat $(DOCS_OUTPUT)/$$module.log; \
	      echo "make docs: $$module: $$(grep -c '^error:' $(DOCS_OUTPUT)/$$module.log) DocC warning(s)"; exit 1; }; \
	  count=$$(find $(DOCS_OUTPUT)/$$module/data/documentation -name '*.json' | wc -l); \
	  pages="$$pages $$module=$$count"; \
	done; \
	echo "make docs: 0 warnings; pages built:$$pages; open $(DOCS_OUTPUT)/<Module>/index.html"

# The ObjectGraphCodegen build plugin in a new package that depends on this checkout (builds
# ObjectGraph from scratch: minutes). DEMO=FOLDER keeps the package there.
codegen-demo: deps
	SWIFT=$(SWIFT) .ci/codegen-demo $(DEMO)

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
