# cmake -DORIGINAL=<program> -DREGENERATED=<program> -DTASKS=<dir> -DWORK=<dir> -P ...
# Runs both programs over the tasks and fails unless they print the same candidates, and
# unless the regenerated program ran any solver at all.
file(MAKE_DIRECTORY ${WORK})
foreach(which ORIGINAL REGENERATED)
  execute_process(COMMAND ${${which}} ${TASKS} OUTPUT_FILE ${WORK}/${which}.txt
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${${which}} failed: ${status}")
  endif()
endforeach()
file(READ ${WORK}/ORIGINAL.txt original)
file(READ ${WORK}/REGENERATED.txt regenerated)
string(LENGTH "${original}" size)
if(size LESS 100)
  message(FATAL_ERROR "the original solvers recorded almost nothing (${size} bytes)")
endif()
if(NOT original STREQUAL regenerated)
  message(FATAL_ERROR "the regenerated solvers' candidates differ: diff ${WORK}/ORIGINAL.txt "
                      "${WORK}/REGENERATED.txt")
endif()
message(STATUS "same candidates from both builds (${size} bytes)")
