# propfuzz_add_target: the executables of one propfuzz target, and its CTest
# tests. Loaded by find_package(propfuzz) (installed, or a source checkout)
# and by add_subdirectory/FetchContent of a checkout.
#
#   propfuzz_add_target(NAME <n> SOURCES <file>... [LIBRARIES <lib>...]
#                       [INCLUDE_DIRS <dir>...] [CORPUS <dir>] [DICT <file>]
#                       [NO_SANITIZERS])
#
# makes, beside each other in the build directory (the names the propfuzz
# command looks for: propfuzz fuzz <n> --bin-dir <build dir>):
#   <n>-fuzz      libFuzzer (clang with -fsanitize=fuzzer; otherwise left
#                 out with one message), or linked with PROPFUZZ_ENGINE
#   <n>-afl       AFL++, when the compiler is afl-clang-fast/afl-clang-lto
#                 (then instead of <n>-fuzz)
#   <n>-replay    runs files and directories (a failure exits non-zero)
#   <n>-shrink    shrinks a failing input to its smallest value
#   <n>-examples  the example runner: the corpus, then generated examples
#   <n>-seeds     writes the target's seeds (pf_target_seeds) into a folder
# and registers with CTest <n>-replay CORPUS (seeds, regress/ and known/)
# and <n>-examples CORPUS. CORPUS defaults to corpus/<n>, DICT to
# dict/<n>.dict, both relative to the calling CMakeLists.txt. With
# CMAKE_EXPORT_COMPILE_COMMANDS=ON, propfuzz mutate <n> --compdb
# <build>/compile_commands.json takes <n>'s harness from what <n>-fuzz
# compiles and the library from the other entries.
#
# Sanitizers: PROPFUZZ_SANITIZERS (default address,undefined) when the
# compiler takes them (clang or gcc), so that a finding aborts as it does
# under the fuzzer; NO_SANITIZERS or PROPFUZZ_SANITIZERS="" for none. The
# LIBRARIES built by this project are compiled with them too, and with
# -fsanitize=fuzzer-no-link where libFuzzer is built (the fuzzer sees only
# instrumented code): give fuzzing its own build directory if other users
# of the library should not be instrumented.
#
# OSS-Fuzz and ClusterFuzzLite: -DPROPFUZZ_ENGINE="$LIB_FUZZING_ENGINE"
# links <n>-fuzz with it (and with the C++ linker), adds no flags of its
# own ($CFLAGS carries the sanitizer and the instrumentation), and lists
# each target in <build>/propfuzz-targets.tsv for build.sh.
include_guard(GLOBAL)
include(CheckCSourceCompiles)

set(PROPFUZZ_SANITIZERS "address,undefined" CACHE STRING
    "sanitizers of propfuzz_add_target's executables (empty: none)")
set(PROPFUZZ_ENGINE "" CACHE STRING
    "link flags of <target>-fuzz instead of -fsanitize=fuzzer (OSS-Fuzz: \$LIB_FUZZING_ENGINE)")

# What the compiler can do, probed once (cached).
function(_propfuzz_probe)
  set(_src "#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; return (int)n * 0; }\n")
  if(PROPFUZZ_SANITIZERS)
    set(CMAKE_REQUIRED_FLAGS "-fsanitize=${PROPFUZZ_SANITIZERS}")
    set(CMAKE_REQUIRED_QUIET ON)
    check_c_source_compiles("int main(void) { return 0; }" PROPFUZZ_HAVE_SANITIZERS)
  endif()
  if(CMAKE_C_COMPILER_ID MATCHES "Clang")
    set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer")
    set(CMAKE_REQUIRED_QUIET ON)
    check_c_source_compiles("${_src}" PROPFUZZ_HAVE_LIBFUZZER)
  endif()
endfunction()

# The library and the driver prefix a flavour of executables links:
# an installed copy has a clang ASan+UBSan build (propfuzz::propfuzz-san,
# propfuzz::san-<driver>) for clang with sanitizers; everything else links
# propfuzz::propfuzz (installed: plain; a subproject: built with this
# project's compiler and flags).
function(_propfuzz_flavour sanitize out_driver_prefix)
  set(${out_driver_prefix} "" PARENT_SCOPE)
  if(PROPFUZZ_INSTALLED AND sanitize AND CMAKE_C_COMPILER_ID MATCHES "Clang"
     AND TARGET propfuzz::propfuzz-san)
    set(${out_driver_prefix} "san-" PARENT_SCOPE)
  endif()
endfunction()

function(propfuzz_add_target)
  cmake_parse_arguments(PF "NO_SANITIZERS" "NAME;CORPUS;DICT"
                        "SOURCES;LIBRARIES;INCLUDE_DIRS" ${ARGN})
  if(PF_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "propfuzz_add_target: unknown arguments ${PF_UNPARSED_ARGUMENTS} (NAME, SOURCES, LIBRARIES, INCLUDE_DIRS, CORPUS, DICT, NO_SANITIZERS)")
  endif()
  if(NOT PF_NAME MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "propfuzz_add_target: NAME '${PF_NAME}' must be letters, digits, _ and - (it names <name>-fuzz, <name>-replay, ...)")
  endif()
  if(NOT PF_SOURCES)
    message(FATAL_ERROR "propfuzz_add_target(${PF_NAME}): SOURCES is empty (the file with PF_TARGET or LLVMFuzzerTestOneInput)")
  endif()
  set(n ${PF_NAME})
  if(NOT PF_CORPUS)
    set(PF_CORPUS corpus/${n})
  endif()
  get_filename_component(corpus "${PF_CORPUS}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT PF_DICT)
    set(PF_DICT dict/${n}.dict)
  endif()
  get_filename_component(dict "${PF_DICT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  _propfuzz_probe()

  # How this target's code is compiled and linked.
  set(san_flags "")
  if(NOT PF_NO_SANITIZERS AND PROPFUZZ_SANITIZERS AND NOT PROPFUZZ_ENGINE)
    if(PROPFUZZ_HAVE_SANITIZERS)
      set(san_flags -fsanitize=${PROPFUZZ_SANITIZERS} -fno-omit-frame-pointer)
      if(PROPFUZZ_SANITIZERS MATCHES "undefined")
        list(APPEND san_flags -fno-sanitize-recover=undefined)
      endif()
    else()
      message(STATUS "propfuzz: ${n}: ${CMAKE_C_COMPILER_ID} does not take -fsanitize=${PROPFUZZ_SANITIZERS}; built without sanitizers")
    endif()
  endif()
  _propfuzz_flavour("${san_flags}" drv)

  get_filename_component(cc_name "${CMAKE_C_COMPILER}" NAME)
  set(afl FALSE)
  if(cc_name MATCHES "^afl-clang-(fast|lto)")
    set(afl TRUE)
  endif()
  set(fuzz_kind "")
  if(PROPFUZZ_ENGINE)
    set(fuzz_kind fuzz)
  elseif(afl)
    set(fuzz_kind afl)
  elseif(PROPFUZZ_HAVE_LIBFUZZER)
    set(fuzz_kind fuzz)
  endif()

  # The project's own libraries: instrumented as the fuzzer needs.
  set(lib_flags ${san_flags})
  if(fuzz_kind STREQUAL "fuzz" AND NOT PROPFUZZ_ENGINE)
    list(APPEND lib_flags -fsanitize=fuzzer-no-link)
  endif()
  if(lib_flags)
    foreach(lib ${PF_LIBRARIES})
      if(TARGET ${lib})
        get_target_property(imported ${lib} IMPORTED)
        get_target_property(type ${lib} TYPE)
        get_target_property(aliased ${lib} ALIASED_TARGET)
        if(aliased)
          set(lib ${aliased})
        endif()
        if(NOT imported AND type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY)$")
          get_target_property(done ${lib} _PROPFUZZ_INSTRUMENTED)
          if(NOT done)
            target_compile_options(${lib} PRIVATE ${lib_flags})
            set_target_properties(${lib} PROPERTIES _PROPFUZZ_INSTRUMENTED TRUE)
          endif()
        endif()
      endif()
    endforeach()
  endif()

  # _pf_exe KIND DRIVER EXTRA_FLAGS...: one executable <n>-KIND.
  macro(_pf_exe kind driver)
    add_executable(${n}-${kind} ${PF_SOURCES})
    set_target_properties(${n}-${kind} PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON)
    target_include_directories(${n}-${kind} PRIVATE ${PF_INCLUDE_DIRS})
    target_compile_options(${n}-${kind} PRIVATE ${ARGN})
    target_link_options(${n}-${kind} PRIVATE ${ARGN})
    target_link_libraries(${n}-${kind} PRIVATE ${PF_LIBRARIES} ${driver})
  endmacro()

  set(made "")
  foreach(kind replay shrink examples seeds)
    if(TARGET propfuzz::${drv}${kind})
      _pf_exe(${kind} propfuzz::${drv}${kind} ${san_flags})
      list(APPEND made ${kind})
    endif()
  endforeach()
  if(drv)
    set(lib propfuzz::propfuzz-san)
  else()
    set(lib propfuzz::propfuzz)
  endif()
  if(fuzz_kind STREQUAL "fuzz" AND PROPFUZZ_ENGINE)
    _pf_exe(fuzz ${lib})
    separate_arguments(engine UNIX_COMMAND "${PROPFUZZ_ENGINE}")
    target_link_options(${n}-fuzz PRIVATE ${engine})
    if(CMAKE_CXX_COMPILER_LOADED)
      # OSS-Fuzz links with $CXX: the engine is C++.
      set_target_properties(${n}-fuzz PROPERTIES LINKER_LANGUAGE CXX)
    endif()
  elseif(fuzz_kind)
    # libFuzzer, or AFL++'s driver: afl-clang-fast links it for
    # -fsanitize=fuzzer.
    _pf_exe(${fuzz_kind} ${lib} ${san_flags} -fsanitize=fuzzer)
  endif()
  if(fuzz_kind)
    list(APPEND made ${fuzz_kind})
  endif()
  list(TRANSFORM made PREPEND "${n}-")
  list(JOIN made " " made_text)
  set(san_text "no sanitizers")
  if(san_flags)
    set(san_text "-fsanitize=${PROPFUZZ_SANITIZERS}")
  endif()
  if(fuzz_kind)
    message(STATUS "propfuzz: ${n}: ${made_text} (${san_text})")
  else()
    message(STATUS "propfuzz: ${n}-fuzz skipped: libFuzzer needs clang with -fsanitize=fuzzer (the compiler is ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION}); built: ${made_text} (${san_text})")
  endif()

  # CTest: the corpus (seeds, regress/, known/) replayed, then the
  # example runner over it.
  if(TARGET ${n}-replay)
    if(EXISTS "${corpus}")
      add_test(NAME ${n}-replay COMMAND ${n}-replay "${corpus}")
    else()
      message(STATUS "propfuzz: ${n}: no ${corpus}: the corpus replay test is left out (write seeds: ${n}-seeds ${corpus})")
    endif()
  endif()
  # A failure's report names the commands that work here (the runtime's
  # replay : and keep it: lines).
  if(TEST ${n}-replay)
    set_tests_properties(${n}-replay PROPERTIES ENVIRONMENT
      "PF_REPLAY_HINT=$<TARGET_FILE:${n}-replay>;PF_KEEP_HINT=propfuzz keep ${n}")
  endif()
  if(TARGET ${n}-examples)
    if(EXISTS "${corpus}")
      add_test(NAME ${n}-examples COMMAND ${n}-examples "${corpus}")
    else()
      add_test(NAME ${n}-examples COMMAND ${n}-examples)
    endif()
  endif()

  # For build scripts (OSS-Fuzz): name, fuzz executable, corpus, dict.
  set(list_file "${CMAKE_BINARY_DIR}/propfuzz-targets.tsv")
  get_property(started GLOBAL PROPERTY _PROPFUZZ_LIST_STARTED)
  if(NOT started)
    file(WRITE "${list_file}" "")
    set_property(GLOBAL PROPERTY _PROPFUZZ_LIST_STARTED TRUE)
  endif()
  if(fuzz_kind)
    set(bin_dir "${CMAKE_CURRENT_BINARY_DIR}")
    if(CMAKE_RUNTIME_OUTPUT_DIRECTORY)
      set(bin_dir "${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
    endif()
    file(APPEND "${list_file}" "${n}\t${bin_dir}/${n}-${fuzz_kind}\t${corpus}\t${dict}\n")
  endif()
endfunction()
