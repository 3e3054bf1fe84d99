# The installed package, used from outside the tree (cmake -P):
#   cmake --install BUILD_DIR --prefix WORK_DIR/prefix, then configure, build and run the
#   consumer project (CONSUMER_DIR) with find_package(battgpu) and compare its output with
#   EXPECTED (worked out by hand).
# Variables: BUILD_DIR, WORK_DIR, CONSUMER_DIR, EXPECTED, GENERATOR, CXX_COMPILER,
# BUILD_TYPE, CXX_FLAGS and MAKE_PROGRAM (optional; CXX_FLAGS carries e.g. the sanitizer
# flags of a sanitized build, whose libraries need them at the consumer's link too).
foreach(var BUILD_DIR WORK_DIR CONSUMER_DIR EXPECTED GENERATOR CXX_COMPILER BUILD_TYPE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "PackageTest.cmake: ${var} is not set")
  endif()
endforeach()

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${name}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

foreach(file include/battgpu/dsl.hpp include/battgpu/runtime/prefetch.hpp)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the installed package lacks ${file}")
  endif()
endforeach()
foreach(file battgpuConfig.cmake battgpuConfigVersion.cmake battgpuTargets.cmake
             BattgpuRegenerate.cmake)
  file(GLOB_RECURSE found_files ${prefix}/*/cmake/battgpu/${file})
  if(NOT found_files)
    message(FATAL_ERROR "the installed package lacks cmake/battgpu/${file}")
  endif()
endforeach()

set(configure ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
if(MAKE_PROGRAM)
  list(APPEND configure -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(CXX_FLAGS)
  list(APPEND configure "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}")
endif()
step("configure the consumer" ${configure})
string(REGEX MATCH "battgpu [0-9.]+: rewrite [A-Z]+, CUDA [A-Z]+" found "${step_output}")
message(STATUS "found ${found}")
step("build the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build -j 2)
if(found MATCHES "rewrite ON")
  # The installed battgpu-rewrite ran: the solver's batch points are runtime calls (its
  # object batch point a gathered one, in the default batch form).
  set(regenerated ${WORK_DIR}/build/battgpu_regenerated/consumer_solvers/solver.cpp)
  if(NOT EXISTS ${regenerated})
    message(FATAL_ERROR "battgpu_regenerate() did not write ${regenerated}")
  endif()
  file(READ ${regenerated} text)
  foreach(call gather_objects batch_process_samples)
    string(FIND "${text}" "battgpu::runtime::${call}(" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the regenerated solver has no ${call} call:\n${text}")
    endif()
  endforeach()
  message(STATUS "the solver was regenerated with the installed battgpu-rewrite")
endif()
step("run the consumer" ${WORK_DIR}/build/consumer)
file(READ ${EXPECTED} expected)
if(NOT step_output STREQUAL expected)
  message(FATAL_ERROR "the consumer printed\n${step_output}\nexpected\n${expected}")
endif()
message(STATUS "the consumer's output matches")

# The project's own `battgpu run` (battgpu::driver) solves its task.
step("run consumer-run" ${WORK_DIR}/build/consumer-run run --fail-unsolved --no-progress
     --jobs 2 --batch-size 1 ${CONSUMER_DIR}/task.json)
if(NOT step_output MATCHES "solved +task +by consumer-largest\n" OR
   NOT step_output MATCHES "solved 1/1 tasks")
  message(FATAL_ERROR "consumer-run printed\n${step_output}")
endif()
message(STATUS "consumer-run solved the task")
