# mpsarticle: measure PyTorch on this machine and build the bilingual article.
#
#   make html      set up .venv if needed, run every chapter, build en/ and id/
#   make test      the same with PROFILE=quick, then the test suite
#   make publish   push the built _build/html to the gh-pages branch
#   make clean     remove _build (keeps .venv)
#
# Only Python 3 is needed to start: the first run creates .venv here.

PYTHON     ?= python3
# torch goes in first and pinned. On these Linux machines pip finds the CPU
# wheel of this release on local disk in seconds, where a plain "torch" from
# PyPI would download the multi-gigabyte CUDA build. On a Mac the same pin
# comes from PyPI and includes the MPS backend. Override for another build,
# e.g. make html TORCH_SPEC='torch==2.5.1'.
TORCH_SPEC ?= torch==2.13.0
# Measurement sizes and time budget: quick (CI), default, full.
PROFILE    ?= default
LANGUAGES  := en id

VENV      := .venv
VENV_BIN  := $(VENV)/bin
VENV_PY   := $(VENV_BIN)/python
# Set-up is repeated only when pyproject.toml changes (or .venv is removed).
SETUP_STAMP := $(VENV)/.mpsarticle-setup

BUILD_DIR := _build
SITE_DIR  := $(BUILD_DIR)/html
# One identifier per make invocation, computed once (:=): both languages'
# notebook kernels inherit it, so the second language loads the first
# language's measurements instead of measuring again (mpsarticle.runner).
BUILD_ID  := $(shell date -u +%Y%m%dT%H%M%SZ)-$(shell echo $$PPID)

SPHINX_OPTS ?= -W --keep-going -n -T
# The notebook kernels inherit this environment (conf.py chooses the kernel).
SPHINX_ENV = \
	MPSARTICLE_BUILD_ID=$(BUILD_ID) \
	MPSARTICLE_CACHE_DIR=$(CURDIR)/$(BUILD_DIR)/measurements \
	MPSARTICLE_PROFILE=$(PROFILE)

.DEFAULT_GOAL := html
# Languages build one after the other: the first one measures.
.NOTPARALLEL:
.PHONY: html test setup publish clean forget-old-builds

setup: $(SETUP_STAMP)

$(SETUP_STAMP): pyproject.toml
	test -x $(VENV_PY) || $(PYTHON) -m venv $(VENV)
	$(VENV_PY) -c 'import torch' 2>/dev/null || $(VENV_PY) -m pip install "$(TORCH_SPEC)"
	$(VENV_PY) -m pip install -e '.[docs,test,publish]'
	touch $@

# Each build measures into measurements/<its BUILD_ID>/ and reads nothing
# else, so an earlier build's folder is never read again; but a build that
# was killed leaves its folder behind. Remove them all before building, so
# that nothing older than this build is there to be found. Points that an
# interrupted build saved stay in measurements/interrupted/ (for --resume).
forget-old-builds:
	mkdir -p $(BUILD_DIR)/measurements
	find $(BUILD_DIR)/measurements -mindepth 1 -maxdepth 1 ! -name interrupted -exec rm -rf {} +

html: $(SETUP_STAMP) forget-old-builds
	@echo "mpsarticle: build $(BUILD_ID), profile $(PROFILE)"
	rm -rf $(SITE_DIR) $(BUILD_DIR)/doctrees
	set -e; for lang in $(LANGUAGES); do \
		$(SPHINX_ENV) $(VENV_BIN)/sphinx-build -b html -c . docs/$$lang $(SITE_DIR)/$$lang \
			-d $(BUILD_DIR)/doctrees/$$lang -D language=$$lang $(SPHINX_OPTS); \
	done
	@# MyST-NB keeps executed notebooks beside the output folder: not for the site.
	rm -rf $(SITE_DIR)/jupyter_execute $(SITE_DIR)/.jupyter_cache
	cp docs/landing/index.html $(SITE_DIR)/index.html
	touch $(SITE_DIR)/.nojekyll
	@echo "mpsarticle: the site is in $(SITE_DIR)/ (open $(SITE_DIR)/index.html)"

# The site with the quick profile, then the tests (which read the built site).
test: PROFILE = quick
test: html
	$(VENV_PY) -m pytest

publish:
	@for f in $(SITE_DIR)/index.html $(foreach lang,$(LANGUAGES),$(SITE_DIR)/$(lang)/index.html); do \
		test -f $$f || { echo "make publish: $$f is missing; run make html first" >&2; exit 1; }; \
	done
	@test -x $(VENV_BIN)/ghp-import || { echo "make publish: $(VENV_BIN)/ghp-import is missing; run make setup" >&2; exit 1; }
	$(VENV_BIN)/ghp-import -n -p -f $(SITE_DIR)

clean:
	rm -rf $(BUILD_DIR)
