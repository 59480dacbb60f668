# keymenu: make demo | make test | make bench
SWIFT ?= swift
# Debian packages the build and tests need (installed by scripts/ensure-packages.sh).
PACKAGES := libevdev-dev pkg-config umockdev libumockdev-dev gir1.2-umockdev-1.0 python3-gi evtest

.PHONY: all deps build test demo bench man fixtures lint format clean

all: build

deps:
	@scripts/ensure-packages.sh $(PACKAGES)

build: deps
	$(SWIFT) build --build-tests

test: build
	python3 Tests/Fixtures/devices/generate.py --check
	swift format lint --strict --recursive Sources Plugins Tests bench/Sources
	KEYMENU_REQUIRE_UMOCKDEV=1 $(SWIFT) test --skip-build

demo: deps
	$(SWIFT) build --product keymenuctl
	scripts/demo.sh

bench: deps
	$(SWIFT) build -c release
	bench/run.sh

# The keymenuctl(1) manual page, generated from the command's own help.
man:
	$(SWIFT) package plugin generate-manual
	@echo "man -l .build/plugins/GenerateManual/outputs/keymenuctl/keymenuctl.1"

fixtures:
	python3 Tests/Fixtures/devices/generate.py

format:
	swift format --in-place --recursive Sources Plugins Tests bench/Sources

lint:
	swift format lint --strict --recursive Sources Plugins Tests bench/Sources

clean:
	rm -rf .build
