# Profile-guided optimisation of battgpu's C++ with GCC, as CPython's own release builds do:
# BATTGPU_PGO=GENERATE builds instrumented code that writes execution profiles under
# BATTGPU_PGO_DIR as it runs; BATTGPU_PGO=USE rebuilds the same tree, in the same build folder
# (the profiles are named after the object files), laid out and inlined by those profiles.
# scripts/build-pgo.sh runs the two builds with a training run between them. CUDA sources are
# compiled as they always are.
include_guard(GLOBAL)

set(BATTGPU_PGO "OFF" CACHE STRING "Profile-guided optimisation: OFF, GENERATE or USE")
set_property(CACHE BATTGPU_PGO PROPERTY STRINGS OFF GENERATE USE)
set(BATTGPU_PGO_DIR "${CMAKE_BINARY_DIR}/pgo-profiles" CACHE PATH
    "Where BATTGPU_PGO=GENERATE writes its profiles and USE reads them")

if(BATTGPU_PGO STREQUAL "OFF")
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "BATTGPU_PGO needs GCC; the C++ compiler is ${CMAKE_CXX_COMPILER_ID}")
endif()
if(BATTGPU_PGO STREQUAL "GENERATE")
  # Atomic counters: the training run uses several threads.
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-fprofile-generate;-fprofile-update=atomic>"
                      "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-dir=${BATTGPU_PGO_DIR}>")
  add_link_options("$<$<LINK_LANGUAGE:CXX>:-fprofile-generate>")
elseif(BATTGPU_PGO STREQUAL "USE")
  # Code the training run never reached keeps its ordinary optimisation
  # (-fprofile-partial-training), and sources without a profile are compiled as usual.
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-use;-fprofile-partial-training;-Wno-missing-profile>"
    "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-dir=${BATTGPU_PGO_DIR}>")
else()
  message(FATAL_ERROR "BATTGPU_PGO is OFF, GENERATE or USE, not '${BATTGPU_PGO}'")
endif()
message(STATUS "battgpu: profile-guided optimisation ${BATTGPU_PGO} (${BATTGPU_PGO_DIR})")
