# make install [PREFIX=/usr/local] [DESTDIR=]   make uninstall [PREFIX=...]
#
# Installs the public part of propfuzz (README, "Use propfuzz in your
# project"): include/*.h; libpropfuzz in three builds (plain -O2 for an
# ordinary test build with gcc or clang, -san with ASan+UBSan for fuzzing
# and replay, -cov for source coverage); each driver
# properties/drivers/<d>_main.c as libpropfuzz[-san|-cov]-<driver>.a (seed
# is named seeds, example examples); propfuzz{,-san,-cov}.pc; the CMake
# package (lib/cmake/propfuzz); the propfuzz command (bin/propfuzz and its
# parts in libexec/propfuzz). Builds go to out/install-build/ (the san and
# cov libraries from the objects of the in-tree build).
PREFIX ?= /usr/local
DESTDIR ?=
PF_VERSION := $(shell sed -n 's/^\#define PROPFUZZ_VERSION "\(.*\)"/\1/p' include/propfuzz.h)

IB := out/install-build
IFLAVOURS := plain san cov
# The san and cov objects are the ones this repository's own build makes
# (out/obj/pf: $(DBG) $(SAN); out/obj/pf-cov: $(COV)); the plain build is
# install's own: -O2 -g, no sanitizers.
IOBJ_plain := $(IB)/plain/obj
IOBJ_san := out/obj/pf
IOBJ_cov := out/obj/pf-cov
$(IOBJ_plain)/%.o: properties/%.c $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -g -Iinclude -c $< -o $@

# The library's name per flavour: libpropfuzz.a, libpropfuzz-san.a, ...
ilib = $(if $(filter plain,$(1)),propfuzz,propfuzz-$(1))
# A driver's installed name: seed_main.c writes seeds, example_main.c runs
# examples (the kinds of the propfuzz command).
idrv = $(patsubst seed,seeds,$(patsubst example,examples,$(1)))
IDRIVERS := $(patsubst properties/drivers/%_main.c,%,$(PF_MAINS))

define pf_install_flavour
$(IB)/lib/lib$(call ilib,$(1)).a: $(patsubst properties/%.c,$(IOBJ_$(1))/%.o,$(PF_SRCS))
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^

$(foreach d,$(IDRIVERS),
$(IB)/lib/lib$(call ilib,$(1))-$(call idrv,$(d)).a: $(IOBJ_$(1))/drivers/$(d)_main.o
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^
)
endef
$(foreach f,$(IFLAVOURS),$(eval $(call pf_install_flavour,$(f))))

ILIBS := $(foreach f,$(IFLAVOURS),$(IB)/lib/lib$(call ilib,$(f)).a \
           $(foreach d,$(IDRIVERS),$(IB)/lib/lib$(call ilib,$(f))-$(call idrv,$(d)).a))

# The command: build/propfuzz and its parts, as they are in the tree when
# make install runs.
ICMD := $(wildcard build/propfuzz) $(wildcard build/propfuzz.d/*)

.PHONY: install uninstall install-libs
install-libs: $(ILIBS)

install: $(ILIBS) build/install.sh cmake/propfuzz.cmake
	@PF_VERSION=$(PF_VERSION) PF_DRIVERS="$(foreach d,$(IDRIVERS),$(call idrv,$(d)))" \
	  PF_CFLAGS_san="$(DBG) $(SAN)" PF_CFLAGS_cov="$(COV)" \
	  build/install.sh install "$(DESTDIR)" "$(PREFIX)" $(IB)/lib

uninstall:
	@build/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"
