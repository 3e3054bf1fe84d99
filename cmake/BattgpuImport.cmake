# battgpu_import(<target> <FILE.py> [NAME <name>] [NAMESPACE <ns>] [DIALECT <dialect>]
#                [NODES_PER_FUNCTION <n>] [DEPENDS <file>...])
#
# Imports the Python batt or solver module FILE.py at build time with battgpu-import
# (importer/README.md) into <binary dir>/<target>.cpp and makes <target> an OBJECT library of
# it: a program that links <target> (and battgpu::driver, or battgpu::interp) has the compiled
# program NAME (default: the file's stem), run with `battgpu run --program NAME`. An OBJECT
# library, so that the linker keeps the generated file's registration.
include_guard(GLOBAL)

function(battgpu_import target source)
  cmake_parse_arguments(ARG "" "NAME;NAMESPACE;DIALECT;NODES_PER_FUNCTION" "DEPENDS" ${ARGN})
  if(TARGET battgpu-import)
    set(tool $<TARGET_FILE:battgpu-import>)
    set(tool_dep battgpu-import)
  else()
    find_program(BATTGPU_IMPORT_EXECUTABLE battgpu-import REQUIRED)
    set(tool ${BATTGPU_IMPORT_EXECUTABLE})
    set(tool_dep ${BATTGPU_IMPORT_EXECUTABLE})
  endif()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}.cpp)
  set(args -q)
  foreach(option NAME NAMESPACE DIALECT NODES_PER_FUNCTION)
    if(ARG_${option})
      string(TOLOWER ${option} flag)
      string(REPLACE "_" "-" flag ${flag})
      list(APPEND args --${flag} ${ARG_${option}})
    endif()
  endforeach()
  add_custom_command(OUTPUT ${out}
    COMMAND ${tool} ${args} -o ${out} ${source}
    DEPENDS ${tool_dep} ${source} ${ARG_DEPENDS}
    COMMENT "battgpu-import ${source}"
    VERBATIM)
  add_library(${target} OBJECT ${out})
  target_link_libraries(${target} PUBLIC battgpu::interp)
endfunction()
