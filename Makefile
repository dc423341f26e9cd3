# mpsarticle: measure PyTorch on this machine and build the bilingual article.
#
#   make html      set up .venv if needed, run every chapter, build en/ and id/ (one build at a time)
#   make test      the site with PROFILE=quick, then the test suite (all five layers, types and lint included)
#   make lint      mypy on the torch-free folders and ruff on the code and the tests (seconds)
#   make browser   find or install the browser the browser tests drive
#   make screenshots  full-page pictures of every chapter, light and dark, desktop and phone (after make html)
#   make share LABEL='MacBook Air M2 16 GB'  measure this machine into the archive and open a pull request with it
#   make publish   push the built _build/html to the gh-pages branch
#   make lock      re-resolve requirements.txt to the newest releases
#   make clean     remove _build (keeps .venv)
#
# Only Python 3 is needed to start: the first run creates .venv here.

PYTHON     ?= python3
# torch has its own pin, outside the main lock, because the right wheel differs
# by machine. On these Linux machines pip finds the CPU wheel of this release on
# local disk in seconds, where a plain "torch" from PyPI would download the
# multi-gigabyte CUDA build. Override for another build, e.g.
# TORCH_SPEC='torch==2.5.1'.
TORCH_SPEC ?= torch==2.13.0
# On a Mac, torch comes from its own lock (TORCH_LOCK_MACOS: the pin and the
# hash of every macOS wheel, written by `make lock`), at a release without
# a known MPS failure of 2.13: on M1 and M2, matrix products with a reduction
# of 32,767 or more read past their operands (pytorch/pytorch#195163); from
# 2.14 on, 2-D ones with a reduction over 32,768 go to PyTorch's own kernels
# (pytorch/pytorch#183535, shipped in 2.14.0 as pytorch/pytorch#193487
# reports), so only K = 32,767 and 32,768 and batched products still do. 2.14, not 2.15: 2.15 has
# no wheel for Python 3.10, which pyproject.toml admits. A TORCH_SPEC given to
# make wins.
TORCH_SPEC_MACOS := torch==2.14.0
TORCH_LOCK_MACOS := requirements-macos-torch.txt
UNAME_S    := $(shell uname -s)
ifeq ($(UNAME_S)$(origin TORCH_SPEC),Darwinfile)
TORCH_WANTED  := $(patsubst torch==%,%,$(TORCH_SPEC_MACOS))
TORCH_INSTALL = -m pip install --require-hashes --no-deps -r $(TORCH_LOCK_MACOS)
else
TORCH_WANTED  := $(patsubst torch==%,%,$(TORCH_SPEC))
TORCH_INSTALL = -m pip install $(TORCH_PIP_OPTS) "$(TORCH_SPEC)"
endif
# Extra pip options for torch alone, e.g. PyTorch's CPU-only index on a Linux
# box without a GPU (the workflows do this):
#   make html TORCH_PIP_OPTS='--index-url https://download.pytorch.org/whl/cpu'
TORCH_PIP_OPTS ?=
# What installs the lock: uv (the default) or pip, e.g. `make setup INSTALLER=pip`.
# See the set-up recipe below for why uv.
INSTALLER  ?= uv
# MLX beside PyTorch: WITH_MLX=1 installs MLX into .venv from its own lock,
# MLX_LOCK (on a Mac its Metal build, on Linux its CPU build), and the chapters
# then measure it beside PyTorch. Measuring follows what is installed: a .venv
# without MLX plans nothing for it, and the language-model chapter says in one
# sentence that it was not installed. Its own lock rather than a line in
# $(LOCK): every line of $(LOCK) is installed on every machine, and MLX is
# wanted only where asked for (the default build stays as it was, in time
# too); a separate file keeps it hash-checked all the same, as torch's macOS
# lock is. `make test` installs it whatever WITH_MLX says: the tests run MLX's
# CPU build, and its site is a build with MLX.
WITH_MLX   ?=
MLX_LOCK   := requirements-mlx.txt
# Measurement sizes and time budget: quick (CI), default, full.
PROFILE    ?= default
# The article's languages, from the one list the package, conf.py and the tests read.
LANGUAGES  := $(shell $(PYTHON) -c 'from mpsarticle.languages import LANGUAGES; print(*LANGUAGES)')

VENV      := .venv
VENV_BIN  := $(VENV)/bin
VENV_PY   := $(VENV_BIN)/python
# Set-up is repeated only when pyproject.toml or the lock changes (or .venv is
# removed).
SETUP_STAMP := $(VENV)/.mpsarticle-setup
MLX_STAMP   := $(VENV)/.mpsarticle-mlx
# uv's lines of the lock, the only thing pip installs with INSTALLER=uv.
UV_REQUIREMENTS := $(VENV)/uv-requirements.txt
VENV_UV   := $(VENV_BIN)/uv
# One line and a stop when a Python cannot build the article (too old, under
# Rosetta 2 on Apple silicon, no venv): checked before .venv is made and used.
CHECK_PYTHON := scripts/check_python.py

# The lock: every Python dependency but torch, pinned with the hashes of every
# wheel, for each Python that pyproject.toml's requires-python admits (from
# LOCK_PYTHON on) on Linux and macOS. It is written by uv's pip-compatible
# resolver rather than pip-tools because pip-compile resolves for the machine
# it runs on: a lock made on Linux would lack macOS-only packages (appnope) and
# fail `pip install --require-hashes` on a Mac, where `uv pip compile
# --universal` writes one file with markers that is valid on both.
LOCK        := requirements.txt
LOCK_PYTHON := 3.10
# The extras $(LOCK) holds: every one but mlx, which has its own lock (MLX_LOCK above).
LOCK_EXTRAS := docs test publish lock
# torch is resolved at its own pin (TORCH_SPEC), so that the libraries it needs
# (sympy, networkx, ...) are locked at versions it accepts, and then left out of
# the file. PyPI's Linux torch wheel also requires NVIDIA's CUDA libraries: they
# are excluded here, and `pip install torch` brings them where they are wanted.
# A torch release that adds one makes tests/repo/test_lock.py name it.
LOCK_EXCLUDES := cuda-bindings cuda-toolkit nvidia-cudnn-cu13 nvidia-cusparselt-cu13 \
	nvidia-nccl-cu13 nvidia-nvshmem-cu13 triton

BUILD_DIR := _build
SITE_DIR  := $(BUILD_DIR)/html
# make lock's inputs that are not files of their own (torch's pin, exclusions).
LOCK_INPUTS := $(BUILD_DIR)/lock
# One identifier per make invocation, computed once (:=): both languages'
# notebook kernels inherit it, so the second language loads the first
# language's measurements instead of measuring again (mpsarticle.measure.runner).
BUILD_ID  := $(shell date -u +%Y%m%dT%H%M%SZ)-$(shell echo $$PPID)

SPHINX_OPTS ?= -W --keep-going -n -T
# Chapters of one language executed at once (each in its own notebook kernel):
# with the measurements already taken, a chapter only loads them, draws and
# writes, and on a many-core machine this is most of a build after measuring.
# The two languages still build one after the other: MyST-NB writes every
# executed notebook, and the values its cells glue, into one folder beside
# both languages' output (_build/html/jupyter_execute/CHAPTER.glue.json), so
# two languages at once would overwrite each other's.
SPHINX_JOBS ?= auto
# The notebook kernels inherit this environment (conf.py chooses the kernel).
SPHINX_ENV = \
	MPSARTICLE_BUILD_ID=$(BUILD_ID) \
	MPSARTICLE_CACHE_DIR=$(CURDIR)/$(BUILD_DIR)/measurements \
	MPSARTICLE_PROFILE=$(PROFILE)

.DEFAULT_GOAL := html
# One target at a time, even under make -j: a download or an install beside the
# site's measuring would take the CPU from it.
.NOTPARALLEL:
.PHONY: html site test lint setup lock browser screenshots share publish clean forget-old-builds

setup: $(SETUP_STAMP) $(if $(WITH_MLX),$(MLX_STAMP))

# MLX's lock, hashes checked, after the main one (its numpy is the lock's).
$(MLX_STAMP): $(SETUP_STAMP) $(MLX_LOCK)
	if $(VENV_UV) --version >/dev/null 2>&1; then \
		$(VENV_UV) pip install --python $(VENV_PY) --require-hashes --compile-bytecode -r $(MLX_LOCK); \
	else \
		$(VENV_PY) -m pip install --require-hashes -r $(MLX_LOCK); \
	fi
	touch $@

# The lock first (hashes checked, so exactly the locked files), then torch at
# its pin (pip finds its dependencies already there, locked), then this project
# without dependencies.
#
# Why uv: pip installs the lock's hundred-odd packages one after the other,
# 44 s of a fresh clone's `make setup` on the project's 2-core Linux build
# machine; uv fetches and unpacks them in parallel in about 2 s, and compiling
# their bytecode takes most of its 20 s. uv comes from the lock itself: its
# lines (the pin and the hashes of every uv file) are copied out of $(LOCK)
# into $(UV_REQUIREMENTS), and pip installs that one wheel into .venv with
# --require-hashes. `uv pip install --require-hashes` then installs the whole
# lock, refusing any file whose hash is not listed, as pip does.
# --compile-bytecode writes the .pyc files that pip writes and uv by default
# does not: without them every notebook kernel would compile what it imports
# (every time, where PYTHONDONTWRITEBYTECODE is set). Where uv cannot be
# installed or does not run, pip installs the lock as before, after one line
# saying so; INSTALLER=pip asks for pip outright. (uv is in the lock too, for
# `make lock`: a platform with no uv wheel makes pip build uv from its source.)
# uv reads its own configuration (uv.toml, UV_* variables), not pip's: where
# PyPI is reached only through a mirror named in pip.conf, set
# UV_DEFAULT_INDEX as well, or use INSTALLER=pip.
#
# torch and this project are installed by pip either way: pip reads the
# machine's pip configuration (on the project's Linux build machines,
# find-links to the local CPU wheel), and TORCH_PIP_OPTS are pip's options.
$(SETUP_STAMP): pyproject.toml $(LOCK) $(TORCH_LOCK_MACOS)
	@$(PYTHON) $(CHECK_PYTHON)
	test -x $(VENV_PY) || $(PYTHON) -m venv $(VENV)
ifeq ($(INSTALLER),uv)
	awk '/^uv==/ { keep = 1; print; next } keep && /^ +--hash=/ { print; next } { keep = 0 }' $(LOCK) > $(UV_REQUIREMENTS)
	test -s $(UV_REQUIREMENTS) && $(VENV_PY) -m pip install --require-hashes -r $(UV_REQUIREMENTS) \
		&& $(VENV_UV) --version \
		|| echo "make setup: uv cannot be installed or run here; pip installs the lock instead (slower)" >&2
	if $(VENV_UV) --version >/dev/null 2>&1; then \
		$(VENV_UV) pip install --python $(VENV_PY) --require-hashes --compile-bytecode -r $(LOCK); \
	else \
		$(VENV_PY) -m pip install --require-hashes -r $(LOCK); \
	fi
else
	$(VENV_PY) -m pip install --require-hashes -r $(LOCK)
endif
	$(VENV_PY) -c 'import sys, torch; sys.exit(torch.__version__.split("+")[0] != "$(TORCH_WANTED)")' 2>/dev/null \
		|| $(VENV_PY) $(TORCH_INSTALL)
	$(VENV_PY) -m pip install --no-deps -e .
	touch $@

# Re-resolve from pyproject.toml to the newest releases on PyPI (--upgrade: the
# old lock does not steer the result, so an unchanged PyPI gives the same file).
# uv comes from the lock's own `lock` extra; an existing .venv is used as it is,
# so that a lock that no longer installs can still be rewritten.
lock:
	test -x $(VENV_UV) || $(MAKE) setup
	mkdir -p $(LOCK_INPUTS)
	echo '$(TORCH_SPEC)' > $(LOCK_INPUTS)/torch.txt
	printf '%s\n' $(LOCK_EXCLUDES) > $(LOCK_INPUTS)/excluded.txt
	$(VENV_UV) pip compile pyproject.toml $(LOCK_EXTRAS:%=--extra %) --universal --upgrade \
		--python-version $(LOCK_PYTHON) --generate-hashes --no-config \
		--default-index https://pypi.org/simple \
		--overrides $(LOCK_INPUTS)/torch.txt --excludes $(LOCK_INPUTS)/excluded.txt \
		--no-emit-package torch --custom-compile-command 'make lock' --quiet --output-file $(LOCK)
	echo '$(TORCH_SPEC_MACOS)' > $(LOCK_INPUTS)/torch-macos.txt
	MACOSX_DEPLOYMENT_TARGET=14.0 $(VENV_UV) pip compile $(LOCK_INPUTS)/torch-macos.txt --no-deps --generate-hashes \
		--python-platform aarch64-apple-darwin --python-version $(LOCK_PYTHON) --no-config \
		--default-index https://pypi.org/simple --custom-compile-command 'make lock' --quiet \
		--output-file $(TORCH_LOCK_MACOS)
	$(VENV_PY) -c 'import sys; t = __import__("tomllib" if sys.version_info >= (3, 11) else "tomli"); \
		print(*t.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["mlx"], sep="\n")' \
		> $(LOCK_INPUTS)/mlx.txt
	$(VENV_UV) pip compile $(LOCK_INPUTS)/mlx.txt --universal --upgrade --python-version $(LOCK_PYTHON) \
		--generate-hashes --no-config --default-index https://pypi.org/simple \
		--custom-compile-command 'make lock' --quiet --output-file $(MLX_LOCK)

# Each build measures into measurements/<its BUILD_ID>/ and reads nothing
# else, so an earlier build's folder is never read again; but a build that
# was killed leaves its folder behind. Remove them all before building, so
# that nothing older than this build is there to be found. Points that an
# interrupted build saved stay in measurements/interrupted/ (for --resume).
forget-old-builds:
	mkdir -p $(BUILD_DIR)/measurements
	find $(BUILD_DIR)/measurements -mindepth 1 -maxdepth 1 ! -name interrupted -exec rm -rf {} +

# One build at a time in a checkout: the build holds a lock on its measurements folder (a second one exits 2 with
# one line, and touches nothing), so that forget-old-builds never removes a build that is still running.
html: $(SETUP_STAMP) $(if $(WITH_MLX),$(MLX_STAMP))
	@$(VENV_PY) scripts/one_build.py $(BUILD_DIR)/measurements $(MAKE) --no-print-directory site PROFILE=$(PROFILE)

site: forget-old-builds
	@$(VENV_PY) $(CHECK_PYTHON)
	@echo "mpsarticle: build $(BUILD_ID), profile $(PROFILE)"
	rm -rf $(SITE_DIR) $(BUILD_DIR)/doctrees
	@# Everything the chapters measure, measured first and alone (see the script): the chapters then only read it,
	@# and Sphinx runs a language's chapters SPHINX_JOBS at a time.
	$(SPHINX_ENV) $(VENV_PY) scripts/measure_build.py
	set -e; for lang in $(LANGUAGES); do \
		$(SPHINX_ENV) $(VENV_BIN)/sphinx-build -b html -c . docs/$$lang $(SITE_DIR)/$$lang \
			-d $(BUILD_DIR)/doctrees/$$lang -D language=$$lang -j $(SPHINX_JOBS) $(SPHINX_OPTS); \
	done
	@# MyST-NB keeps executed notebooks beside the output folder: not for the site.
	rm -rf $(SITE_DIR)/jupyter_execute $(SITE_DIR)/.jupyter_cache
	cp docs/landing/index.html $(SITE_DIR)/index.html
	touch $(SITE_DIR)/.nojekyll
	@echo "mpsarticle: the site is in $(SITE_DIR)/ (open $(SITE_DIR)/index.html)"

# The browser tests need Chromium or Chrome: tests/browser_provision.py finds
# one or installs one (its notes say how); if it cannot, it prints one line
# saying what to install, and the browser tests fail (make goes on, so that
# every other test still runs).
browser: $(SETUP_STAMP)
	-$(VENV_PY) -m tests.browser_provision

# Full-page screenshots of every chapter, both languages, light and dark, at
# 1,280 and 390 px, in
# _build/screenshots/: for reviewing a build by eye (the tests check the rest).
screenshots: browser
	MPSARTICLE_BROWSER_INSTALL=0 $(VENV_PY) scripts/screenshots.py $(SITE_DIR)

# Types of the torch-free folders (mypy, [tool.mypy] in pyproject.toml) and
# lint (ruff check, [tool.ruff]: mpsarticle/, tests/, scripts/, conf.py). Never
# `ruff format`: the code keeps its own layout. tests/repo/test_lint.py runs
# the same two, so a plain `pytest tests/repo` catches them too.
lint: $(SETUP_STAMP)
	$(VENV_BIN)/mypy
	$(VENV_BIN)/ruff check

# The browser first (a missing one is reported at once), then the site with the
# quick profile, then the tests of every layer, tests/{unit,repo,commands,site,browser}
# (types and lint among them, once: tests/repo/test_lint.py)
# (pytest only looks for the browser, it was provisioned already), with the
# thorough hypothesis profile: many more drawn machines per property than a
# plain `pytest` (tests/conftest.py).
test: PROFILE = quick
test: browser $(MLX_STAMP) html
	MPSARTICLE_BROWSER_INSTALL=0 $(VENV_PY) -m pytest --hypothesis-profile=thorough

# A contribution in one command: record this machine into the archive with the
# default profile, validate the file, and open a pull request with it through
# the GitHub CLI, or print the link that uploads it (mpsarticle/cli/share.py).
# SHARE_OPTS adds options of record, e.g. SHARE_OPTS='--sustained 300'.
SHARE_OPTS ?=
share: $(SETUP_STAMP)
	@test -n "$(LABEL)" || { echo "make share: name this machine, e.g. make share LABEL='MacBook Air M2 16 GB'" >&2; exit 2; }
	$(VENV_PY) -m mpsarticle record --label "$(LABEL)" --profile $(PROFILE) --share $(SHARE_OPTS)

publish:
	@for f in $(SITE_DIR)/index.html $(foreach lang,$(LANGUAGES),$(SITE_DIR)/$(lang)/index.html); do \
		test -f $$f || { echo "make publish: $$f is missing; run make html first" >&2; exit 1; }; \
	done
	@test -x $(VENV_BIN)/ghp-import || { echo "make publish: $(VENV_BIN)/ghp-import is missing; run make setup" >&2; exit 1; }
	$(VENV_BIN)/ghp-import -n -p -f $(SITE_DIR)

clean:
	rm -rf $(BUILD_DIR)
