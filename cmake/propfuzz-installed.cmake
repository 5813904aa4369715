# propfuzzConfig.cmake of an installed propfuzz (make install): imported
# targets for the prebuilt libraries, then propfuzz_add_target
# (propfuzz.cmake).
#
#   propfuzz::propfuzz        plain (-O2, no sanitizers): gcc or clang
#   propfuzz::propfuzz-san    ASan+UBSan, built with clang: fuzzing, replay
#   propfuzz::propfuzz-cov    clang source coverage
#   propfuzz::<driver>, propfuzz::san-<driver>, propfuzz::cov-<driver>
#                             a main: replay, shrink, seeds, examples
# OSS-Fuzz links the engine with the C++ linker ($CXX).
if(PROPFUZZ_ENGINE)
  enable_language(CXX)
endif()
if(TARGET propfuzz::propfuzz)
  return()
endif()
get_filename_component(_pf_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(PROPFUZZ_INSTALLED TRUE)
set(PROPFUZZ_INCLUDE_DIR "${_pf_prefix}/include")
set(_pf_san_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined)
set(_pf_cov_flags -fprofile-instr-generate -fcoverage-mapping)
foreach(_pf_flavour plain san cov)
  if(_pf_flavour STREQUAL "plain")
    set(_pf_lib propfuzz)
    set(_pf_drv_prefix "")
  else()
    set(_pf_lib propfuzz-${_pf_flavour})
    set(_pf_drv_prefix "${_pf_flavour}-")
  endif()
  if(NOT EXISTS "${_pf_prefix}/lib/lib${_pf_lib}.a")
    continue()
  endif()
  add_library(propfuzz::${_pf_lib} STATIC IMPORTED)
  set_target_properties(propfuzz::${_pf_lib} PROPERTIES
    IMPORTED_LOCATION "${_pf_prefix}/lib/lib${_pf_lib}.a"
    INTERFACE_INCLUDE_DIRECTORIES "${PROPFUZZ_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES m)
  if(NOT _pf_flavour STREQUAL "plain")
    set_target_properties(propfuzz::${_pf_lib} PROPERTIES
      INTERFACE_COMPILE_OPTIONS "${_pf_${_pf_flavour}_flags}"
      INTERFACE_LINK_OPTIONS "${_pf_${_pf_flavour}_flags}")
  endif()
  foreach(_pf_driver replay shrink seeds examples)
    set(_pf_a "${_pf_prefix}/lib/lib${_pf_lib}-${_pf_driver}.a")
    if(EXISTS "${_pf_a}")
      add_library(propfuzz::${_pf_drv_prefix}${_pf_driver} STATIC IMPORTED)
      set_target_properties(propfuzz::${_pf_drv_prefix}${_pf_driver} PROPERTIES
        IMPORTED_LOCATION "${_pf_a}"
        INTERFACE_LINK_LIBRARIES propfuzz::${_pf_lib})
    endif()
  endforeach()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/propfuzzConfigVersion.cmake")
set(propfuzz_VERSION "${PACKAGE_VERSION}")
include("${CMAKE_CURRENT_LIST_DIR}/propfuzz.cmake")
