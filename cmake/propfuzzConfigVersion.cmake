# find_package(propfuzz <version>): the version is PROPFUZZ_VERSION of
# propfuzz.h, read from the installed headers (<prefix>/include, three
# levels up from <prefix>/lib/cmake/propfuzz) or from a source checkout
# (<checkout>/include, beside this cmake/ folder). Compatible: the same
# major version (for 0.x, the same minor) and not older than asked.
set(_pf_header "")
foreach(_pf_try "${CMAKE_CURRENT_LIST_DIR}/../../../include/propfuzz.h"
                "${CMAKE_CURRENT_LIST_DIR}/../include/propfuzz.h")
  if(NOT _pf_header AND EXISTS "${_pf_try}")
    set(_pf_header "${_pf_try}")
  endif()
endforeach()
if(NOT _pf_header)
  set(PACKAGE_VERSION "unknown")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  return()
endif()
file(STRINGS "${_pf_header}" _pf_line REGEX "^#define PROPFUZZ_VERSION \"")
string(REGEX REPLACE ".*\"([0-9.]+)\".*" "\\1" PACKAGE_VERSION "${_pf_line}")
if(PACKAGE_FIND_VERSION)
  string(REPLACE "." ";" _pf_have "${PACKAGE_VERSION}")
  list(GET _pf_have 0 _pf_major)
  list(GET _pf_have 1 _pf_minor)
  if(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION
     OR NOT PACKAGE_FIND_VERSION_MAJOR EQUAL _pf_major
     OR (_pf_major EQUAL 0 AND NOT PACKAGE_FIND_VERSION_MINOR EQUAL _pf_minor))
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
      set(PACKAGE_VERSION_EXACT TRUE)
    endif()
  endif()
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
