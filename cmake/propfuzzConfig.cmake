# find_package(propfuzz) on a source checkout (-Dpropfuzz_DIR=<checkout>/cmake):
# builds the checkout as a subproject with this project's compiler and
# flags (see ../CMakeLists.txt), as add_subdirectory would. An installed
# propfuzz has its own propfuzzConfig.cmake (propfuzz-installed.cmake).
# OSS-Fuzz links the engine with the C++ linker ($CXX).
if(PROPFUZZ_ENGINE)
  enable_language(CXX)
endif()
if(NOT TARGET propfuzz::propfuzz)
  add_subdirectory("${CMAKE_CURRENT_LIST_DIR}/.." "${CMAKE_BINARY_DIR}/_propfuzz" EXCLUDE_FROM_ALL)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/propfuzzConfigVersion.cmake")
set(propfuzz_VERSION "${PACKAGE_VERSION}")
