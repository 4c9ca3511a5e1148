# Makefile - builds every chapter, exercise and solution of the tutorial.
#
#   make chapter1 && ./chapter1     one chapter (chapters/01_bounds)
#   make / make all                 every program
#   make test                       the repository's whole test suite
#   make help                       every target
#
# Layout: common/ is the C library every program links (harness, command
# line, validation, report, grader verdicts); chapters/NN_name/kernels.cu
# are the chapters' kernels, compiled once into one static library, with
# kernels.h declaring their launch functions; scripts/ holds the scripts
# behind check, sanitize, bench, plot, lessons and profile; tests/ the suite.
#
# Variables: ARCH=sm_90 picks the GPU architecture (default: the local
# GPU's, or a portable list when there is none), NVCC=... the compiler,
# BIN=dir where the programs go (default: here).

NVCC ?= nvcc
CC   ?= cc
export NVCC   # the test scripts compile with the same nvcc

# --- GPU architecture -------------------------------------------------------
# nvidia-smi prints the compute capability as "9.0"; ARCH becomes sm_90, if
# this nvcc can build for it (a toolkit older than the GPU cannot: then the
# portable build below runs on it through its PTX).
ifeq ($(origin ARCH),undefined)
  LOCAL_CAP := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
  ifneq ($(LOCAL_CAP),)
    ifneq ($(filter sm_$(LOCAL_CAP),$(shell $(NVCC) --list-gpu-code 2>/dev/null)),)
      ARCH := sm_$(LOCAL_CAP)
    endif
  endif
endif
ifdef ARCH
  GENCODE := -arch=$(ARCH)
else
  # No GPU here: machine code for every architecture this nvcc knows from
  # Turing (sm_75) up, plus PTX for the newest, so the same binaries run on
  # whatever GPU a workshop has (scripts/arch_flags.sh says how it asks).
  GENCODE := $(shell bash scripts/arch_flags.sh $(NVCC))
endif

# --- Flags ----------------------------------------------------------------------
# Host C is C11 with warnings as errors; nvcc checks its own warnings too.
# -fPIC: the transpose library (lib/) is also a shared library, made of
# the same objects.
CFLAGS    := -std=c11 -O2 -fPIC -Wall -Wextra -Werror -Icommon
# (-Wno-missing-field-initializers: a chapter's kernel table leaves out the
# exercise-only fields of tp_kernel, which C sets to zero.)
NVCCFLAGS := -O3 -lineinfo $(GENCODE) -Werror all-warnings \
             -Xcompiler -fPIC,-Wall,-Wextra,-Wno-missing-field-initializers -Icommon
DEPFLAGS  := -MMD -MP
# BAND=n sets TILE_BAND_BYTES (chapters/10_elements/block_order.h), the band
# of row tiles from which chapter 10 walks a short side's tiles down
# columns; the suite builds BAND=0 apart, so that the small --check
# shapes walk that way too.
ifdef BAND
  NVCCFLAGS += -DTILE_BAND_BYTES=$(BAND)LL
endif

# Objects for each toolkit and architecture live apart, so neither NVCC=...
# nor ARCH=... ever mixes objects that two compilers or targets made.
NVCC_VERSION := $(shell $(NVCC) --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p')
BUILD := build/cuda$(or $(NVCC_VERSION),-unknown)/$(or $(ARCH),portable)$(if $(BAND),-band$(BAND))

# Programs go here (BIN=build/x puts them elsewhere, e.g. for a second ARCH).
BIN ?= .

# --- The common helper --------------------------------------------------------
COMMON_HOST := $(BUILD)/common/launch.o $(BUILD)/common/cli.o $(BUILD)/common/validate.o $(BUILD)/common/report.o \
               $(BUILD)/common/grade.o $(BUILD)/common/problem.o
COMMON_OBJS := $(COMMON_HOST) $(BUILD)/common/harness.o

# --- The chapters' kernels -------------------------------------------------------
# Each chapter compiles its kernels once (chapters/NN_name/*.cu but main.cu:
# kernels.cu, and chapter 11's permute_nd.cu) into one static library; a
# program that compares against another chapter's kernels includes that
# chapter's header (declarations only) and links the library. Touching one
# file recompiles one file.
CHAPTER_KERNELS := $(sort $(filter-out %/main.cu,$(wildcard chapters/[0-9][0-9]_*/*.cu)))
CHAPTER_LIB     := $(BUILD)/libchapters.a

$(CHAPTER_LIB): $(patsubst %.cu,$(BUILD)/%.o,$(CHAPTER_KERNELS))
	rm -f $@
	ar rcs $@ $^

# --- NCCL (chapter 12 only) ---------------------------------------------------------
# Chapter 12 links NCCL. A place has NCCL if it holds include/nccl.h and
# libnccl.so (or libnccl.so.2) in a library folder of its own; the places
# tried, in order: the toolkit of this nvcc, /usr, /usr/local, or only
# NCCL_HOME=dir when it is given. Found: chapter 12 is built like every
# chapter and links that library. Not found: chapter 12 is left out of
# `all` (everything else builds and tests as before), and `make chapter12`
# says how to get NCCL. `make print-nccl` prints the place found.
NVCC_ROOT   := $(patsubst %/bin/nvcc,%,$(realpath $(shell command -v $(NVCC) 2> /dev/null)))
NCCL_PLACES := $(if $(NCCL_HOME),$(NCCL_HOME),$(NVCC_ROOT) /usr /usr/local)
nccl_lib_in  = $(firstword $(wildcard $(foreach d,lib64 lib lib/x86_64-linux-gnu lib/aarch64-linux-gnu targets/x86_64-linux/lib,$(1)/$(d)/libnccl.so $(1)/$(d)/libnccl.so.2)))
NCCL_ROOT   := $(firstword $(foreach p,$(NCCL_PLACES),$(if $(wildcard $(p)/include/nccl.h),$(if $(call nccl_lib_in,$(p)),$(p)))))
ifneq ($(NCCL_ROOT),)
  NCCL_LIB := $(call nccl_lib_in,$(NCCL_ROOT))
  # -l:file links that very file (also libnccl.so.2 when no libnccl.so is
  # there); the run-time path finds it where the system would not look.
  # (-lcublas: chapter 12 calls chapter 9's transpose, whose object file
  # holds chapter 9's cuBLAS row too.)
  LIBS_12  := -lcublas -L$(dir $(NCCL_LIB)) -Xlinker -l:$(notdir $(NCCL_LIB)) \
              $(if $(filter /usr/lib/% /usr/lib64/%,$(NCCL_LIB)),,-Xlinker -rpath,$(dir $(NCCL_LIB)))
  # nvcc finds its own toolkit's headers and /usr/include by itself.
  $(BUILD)/chapters/12_distributed/main.o: NVCCFLAGS += $(if $(filter $(NCCL_ROOT),$(NVCC_ROOT) /usr),,-I$(NCCL_ROOT)/include)
else
# (phony: an old ./chapter12 from a build with NCCL must not make it "up to date")
.PHONY: $(if $(filter .,$(BIN)),chapter12,chapter12 $(BIN)/chapter12)
$(if $(filter .,$(BIN)),chapter12,chapter12 $(BIN)/chapter12):
	$(error chapter12 needs NCCL, which was not found $(if $(NCCL_HOME),in NCCL_HOME=$(NCCL_HOME),beside $(NVCC) or in /usr or /usr/local) (include/nccl.h and lib/libnccl.so): install your distribution's libnccl-dev or NVIDIA's NCCL (https://developer.nvidia.com/nccl), or give NCCL_HOME=/path/to/nccl)
endif

# --- Programs -------------------------------------------------------------------
# chapters/01_bounds/main.cu -> ./chapter1, exercises/02_naive.cu -> ./exercise2,
# solutions/02_naive.cu -> ./solution2. A new chapter needs no edit here.
number = $(patsubst 0%,%,$(firstword $(subst _, ,$(notdir $(basename $(1))))))

CHAPTER_DIRS := $(sort $(wildcard chapters/[0-9][0-9]_*))
# (Chapter 12 is built only where NCCL is: see NCCL above.)
BUILT_CHAPTER_DIRS := $(if $(NCCL_ROOT),$(CHAPTER_DIRS),$(filter-out chapters/12_%,$(CHAPTER_DIRS)))
CHAPTERS     := $(foreach d,$(BUILT_CHAPTER_DIRS),chapter$(call number,$(d)))
EXERCISE_SRC := $(sort $(wildcard exercises/[0-9][0-9]_*.cu))
EXERCISES    := $(foreach f,$(EXERCISE_SRC),exercise$(call number,$(f)))
SOLUTION_SRC := $(sort $(wildcard solutions/[0-9][0-9]_*.cu))
SOLUTIONS    := $(foreach f,$(SOLUTION_SRC),solution$(call number,$(f)))
PROGRAMS     := $(CHAPTERS) $(EXERCISES) $(SOLUTIONS)

# Chapter 9's kernels compare against cuBLAS: the programs of number 9 link
# it, and those of number 10, whose float32 row is chapter 9's dispatcher,
# and of number 11, whose permute_nd runs it for a single float matrix.
LIBS_9 := -lcublas
LIBS_10 := -lcublas
LIBS_11 := -lcublas

# $(1) program name, $(2) its objects, $(3) its number
define PROGRAM_RULES
$(1): $(2) $(CHAPTER_LIB) $(COMMON_OBJS)
	@mkdir -p $$(dir $$@)
	$$(NVCC) $$(GENCODE) $$(filter %.o,$$^) $(CHAPTER_LIB) -o $$@ $$(LIBS_$(3))
endef
$(foreach d,$(BUILT_CHAPTER_DIRS),$(eval $(call PROGRAM_RULES,$(BIN)/chapter$(call number,$(d)),$(BUILD)/$(d)/main.o,$(call number,$(d)))))

# --- Exercises: the learner's part is a translation unit of its own -------------
# exercises/NN_name.cu is the learner's file; only the code between its two
# "your code" lines is compiled, after exercises/given/NN_name.h
# (scripts/learner_part.awk writes that file into $(BUILD)/learner/). It is
# linked with exercises/given/NN_name.cu: the launch, the table and main,
# which the learner's code cannot reach. A solution (solutions/NN_name.cu),
# a chapter's kernel pasted in (tests/pasted/NN_name.cu, must fail the
# grader) and a shortcut (tests/shortcuts/NN_what.cu, must fail too) are
# learner's parts as well: each program is the same given half linked with
# another learner's part.
#   exerciseN                        learner/exercises/NN_name.o
#   solutionN                        learner/solutions/NN_name.o
#   $(BUILD)/tests/pastedN           learner/pasted/NN_name.o
#   $(BUILD)/tests/shortcuts/NN_what learner/shortcuts/NN_what.o
exercise_of = $(wildcard exercises/$(firstword $(subst _, ,$(notdir $(1))))_*.cu)
given_of    = $(BUILD)/exercises/given/$(notdir $(basename $(call exercise_of,$(1)))).o
LEARNER_PART = awk $(if $(2),-v part=$(2)) -f scripts/learner_part.awk $(1) > $@ || { rm -f $@; exit 1; }

$(BUILD)/learner/exercises/%.cu: exercises/%.cu scripts/learner_part.awk
	@mkdir -p $(dir $@)
	@$(call LEARNER_PART,$<)
$(BUILD)/learner/solutions/%.cu: solutions/%.cu exercises/%.cu scripts/learner_part.awk
	@mkdir -p $(dir $@)
	@$(call LEARNER_PART,exercises/$*.cu,$<)
$(BUILD)/learner/pasted/%.cu: tests/pasted/%.cu exercises/%.cu scripts/learner_part.awk
	@mkdir -p $(dir $@)
	@$(call LEARNER_PART,exercises/$*.cu,$<)
PASTED_SRC   := $(sort $(wildcard tests/pasted/[0-9][0-9]_*.cu))
SHORTCUT_SRC := $(sort $(wildcard tests/shortcuts/[0-9][0-9]_*.cu))
$(foreach f,$(SHORTCUT_SRC),$(eval $(BUILD)/learner/shortcuts/$(notdir $(f)): $(f) $(call exercise_of,$(f)) scripts/learner_part.awk ; @mkdir -p $$(dir $$@) && $$(call LEARNER_PART,$(call exercise_of,$(f)),$(f))))

# (-Iexercises: the learner's part includes "given/NN_name.h".)
$(BUILD)/learner/%.o: $(BUILD)/learner/%.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -Iexercises $(DEPFLAGS) -c $< -o $@

$(foreach f,$(EXERCISE_SRC),$(eval $(call PROGRAM_RULES,$(BIN)/exercise$(call number,$(f)),$(call given_of,$(f)) $(BUILD)/learner/$(f:.cu=.o),$(call number,$(f)))))
$(foreach f,$(SOLUTION_SRC),$(eval $(call PROGRAM_RULES,$(BIN)/solution$(call number,$(f)),$(call given_of,$(f)) $(BUILD)/learner/$(f:.cu=.o),$(call number,$(f)))))
PASTED    := $(foreach f,$(PASTED_SRC),$(BUILD)/tests/pasted$(call number,$(f)))
$(foreach f,$(PASTED_SRC),$(eval $(call PROGRAM_RULES,$(BUILD)/tests/pasted$(call number,$(f)),$(call given_of,$(f)) $(BUILD)/learner/pasted/$(notdir $(f:.cu=.o)),$(call number,$(f)))))
SHORTCUTS := $(foreach f,$(SHORTCUT_SRC),$(BUILD)/tests/shortcuts/$(notdir $(basename $(f))))
$(foreach f,$(SHORTCUT_SRC),$(eval $(call PROGRAM_RULES,$(BUILD)/tests/shortcuts/$(notdir $(basename $(f))),$(call given_of,$(f)) $(BUILD)/learner/shortcuts/$(notdir $(f:.cu=.o)),$(call number,$(f)))))

# With BIN elsewhere, `make chapter1` still names the program.
ifneq ($(BIN),.)
.PHONY: $(PROGRAMS)
$(PROGRAMS): %: $(BIN)/%
endif

# --- Tests ------------------------------------------------------------------------
# tests/test_*.c and tests/test_*.cu are host-only unit tests (no GPU
# needed); tests/run.sh runs every one of them.
HOST_TEST_SRC := $(sort $(wildcard tests/test_*.c tests/test_*.cu))
HOST_TESTS    := $(foreach f,$(HOST_TEST_SRC),$(BUILD)/tests/$(basename $(notdir $(f))))
GPU_PROBE := $(BUILD)/tests/gpu_probe
BROKEN    := $(BUILD)/tests/broken_kernels
FLUSH_PROBE := $(BUILD)/tests/flush_probe

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(COMMON_HOST)
	$(NVCC) $(GENCODE) $^ -o $@ -lm

$(GPU_PROBE): $(BUILD)/tests/gpu_probe.o $(COMMON_OBJS)
	$(NVCC) $(GENCODE) $^ -o $@

$(BROKEN): $(BUILD)/tests/broken_kernels.o $(COMMON_OBJS)
	$(NVCC) $(GENCODE) $^ -o $@

$(FLUSH_PROBE): $(BUILD)/tests/flush_probe.o $(COMMON_OBJS)
	$(NVCC) $(GENCODE) $^ -o $@

# One permutation of any rank and element size (make tensor-sweep runs it),
# by chapter 11's permute_nd and through the library's API (lib/).
PERMUTE_CASE := $(BUILD)/scripts/permute_case
$(PERMUTE_CASE): $(BUILD)/scripts/permute_case.o $(BUILD)/lib/transpose.o $(CHAPTER_LIB) $(COMMON_OBJS)
	$(NVCC) $(GENCODE) $(filter %.o,$^) $(CHAPTER_LIB) -o $@ -lcublas

# --- The transpose library (lib/) ------------------------------------------------
# lib/transpose.h over chapter 11's launch_permute_nd and the kernels it
# picks from (chapters 9, 10 and 11), with the launch checks (launch.h)
# and the problem model (problem.h); no harness, no cuBLAS. `make lib`
# writes $(BIN)/libtranspose.a and, for Python (ctypes) and other
# languages, $(BIN)/libtranspose.so; lib/README.md shows how to use them.
TRANSPOSE_LIB := $(BIN)/libtranspose.a
TRANSPOSE_SO  := $(BIN)/libtranspose.so
TRANSPOSE_LIB_OBJS := $(BUILD)/lib/transpose.o $(BUILD)/common/launch.o $(BUILD)/common/problem.o \
                      $(BUILD)/chapters/09_beyond/kernels.o $(BUILD)/chapters/10_elements/kernels.o \
                      $(BUILD)/chapters/11_batched/permute_nd.o
$(TRANSPOSE_LIB): $(TRANSPOSE_LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^
$(TRANSPOSE_SO): $(TRANSPOSE_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(NVCC) $(GENCODE) -shared $^ -o $@

# The page's example, built with the page's one line (plus the build's
# architectures), and the library's tests: its argument errors (a host
# test, no GPU) and random problems on a GPU (tests/run.sh runs both).
LIB_EXAMPLE := $(BUILD)/lib/example
$(LIB_EXAMPLE): lib/example.c lib/transpose.h $(TRANSPOSE_LIB)
	@mkdir -p $(dir $@)
	$(NVCC) $(GENCODE) -O2 lib/example.c -Ilib $(TRANSPOSE_LIB) -o $@
$(BUILD)/tests/test_library: $(BUILD)/tests/test_library.o $(TRANSPOSE_LIB)
	$(NVCC) $(GENCODE) $^ -o $@
LIBRARY_GPU := $(BUILD)/tests/library_gpu
$(LIBRARY_GPU): $(BUILD)/tests/library_gpu.o $(TRANSPOSE_LIB)
	$(NVCC) $(GENCODE) $^ -o $@

# The lessons' figures (host code only): make figures.
FIGURES := $(BUILD)/scripts/figures
$(FIGURES): $(BUILD)/scripts/figures.o
	$(NVCC) $(GENCODE) $^ -o $@

# Random permutations whose plan is of a chosen kind, as case lines for
# scripts/compare_trees.sh (no GPU needed; scripts/draw_cases.c says how).
DRAW_CASES := $(BUILD)/scripts/draw_cases
$(DRAW_CASES): $(BUILD)/scripts/draw_cases.o $(BUILD)/common/problem.o
	$(CC) $^ -o $@ -lm

# --- Compiling --------------------------------------------------------------------
$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/%.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(DEPFLAGS) -c $< -o $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Keep every intermediate file (objects of the host tests too): a second
# `make` must find everything up to date and do nothing.
.SECONDARY:

# --- Targets ------------------------------------------------------------------------
.PHONY: all lib test check sanitize clean help print-build-dir print-nccl print-gencode profile lessons bench plot sweep tensor-sweep figures

all: $(addprefix $(BIN)/,$(PROGRAMS)) $(TRANSPOSE_LIB) $(TRANSPOSE_SO) $(LIB_EXAMPLE) $(LIBRARY_GPU) $(HOST_TESTS) $(GPU_PROBE) $(BROKEN) $(FLUSH_PROBE) $(PERMUTE_CASE) $(PASTED) $(SHORTCUTS) \
     $(FIGURES) $(DRAW_CASES)

lib: $(TRANSPOSE_LIB) $(TRANSPOSE_SO)

test:
	@MAKE="$(MAKE)" bash tests/run.sh

# Grade the exercises (needs a GPU): make check, or make check EX=7.
check:
	@MAKE="$(MAKE)" bash scripts/grade.sh exercise $(EX)

sanitize: $(CHAPTERS)
	@bash scripts/sanitize.sh $(CHAPTERS)

clean:
	rm -rf build $(PROGRAMS) $(TRANSPOSE_LIB) $(TRANSPOSE_SO)

print-build-dir:
	@echo $(BUILD)

print-nccl:
	@echo $(NCCL_ROOT)

print-gencode:
	@echo $(GENCODE)

# The benchmark (needs a GPU): docs/bench-<gpu>.csv, docs/results-<gpu>.md and
# the short table in README.md (every GPU benchmarked so far side by side).
bench: $(CHAPTERS) $(GPU_PROBE)
	@MAKE="$(MAKE)" bash scripts/bench.sh

# Chapter 9 over random, square and skinny shapes (needs a GPU): make sweep DRAW=7.
sweep: chapter9 $(GPU_PROBE)
	@DRAW=$(DRAW) MAKE="$(MAKE)" bash scripts/sweep.sh

# Random permutations of tensors of 2 to 4 axes and 1 to 8-byte elements
# (needs a GPU): make tensor-sweep DRAW=3, with PyTorch beside each case
# where it is installed.
tensor-sweep: $(PERMUTE_CASE) $(GPU_PROBE)
	@DRAW=$(DRAW) PERMUTE_CASE=$(PERMUTE_CASE) bash scripts/tensor_sweep.sh

# The lessons' figures, docs/figures/*.svg, from the kernels' index
# arithmetic (no GPU needed; tests/check_figures.sh checks they are current).
figures: $(FIGURES)
	@mkdir -p docs/figures
	$(FIGURES) docs/figures

# The progression figure, docs/progression.png, from docs/bench-*.csv (gnuplot).
plot:
	@bash scripts/plot.sh

# Rerun every lesson's results block on this machine's GPU (needs a GPU).
lessons: all
	@bash scripts/lessons.sh $(CH)

# Nsight Compute on a chapter's kernels: make profile CH=7, or make profile-chapter7.
profile: chapter$(CH)
	@bash scripts/profile.sh chapter$(CH)

profile-chapter%: chapter%
	@bash scripts/profile.sh chapter$*

help:
	@echo "make chapterN      build ./chapterN ($(CHAPTERS))"
	@echo "make exerciseN     build ./exerciseN, your kernels ($(or $(EXERCISES),none yet))"
	@echo "make solutionN     build ./solutionN, the finished kernels"
	@echo "make all           build every program (the default)"
	@echo "make lib          build libtranspose.a and .so, the fastest kernels for your own code (lib/README.md)"
	@echo "make check         grade your exercises (make check EX=N for one; needs a GPU)"
	@echo "make test          run the whole test suite (GPU tests are skipped without a GPU)"
	@echo "make sanitize      every chapter's --check under compute-sanitizer"
	@echo "make profile CH=N  Nsight Compute metrics of chapter N's kernels (needs a GPU and ncu)"
	@echo "make bench         benchmark every chapter on this GPU: docs/results-<gpu>.md (needs a GPU)"
	@echo "make figures       draw the lessons' figures, docs/figures/*.svg (no GPU needed)"
	@echo "make plot          draw docs/progression.png from docs/bench-*.csv (needs gnuplot)"
	@echo "make sweep DRAW=n  chapter 9 on random, square and skinny shapes: docs/sweep-<gpu>.csv"
	@echo "make tensor-sweep DRAW=n  random tensor permutations: docs/tensor-sweep-<gpu>.csv"
	@echo "make lessons       rerun the measured tables in every lesson README (needs a GPU)"
	@echo "make clean         remove build/ and every program"
	@echo "variables: ARCH=sm_90 (now: $(or $(ARCH),portable list)), NVCC=$(NVCC) (CUDA $(NVCC_VERSION)),"
	@echo "           BIN=dir for the programs (now: $(BIN)); objects go to $(BUILD)"
	@echo "           NCCL_HOME=dir where NCCL is, for chapter 12 (now found: $(or $(NCCL_ROOT),none))"
	@echo "scripts behind the targets: scripts/ (grade, sanitize, bench, plot, lessons, profile)"
