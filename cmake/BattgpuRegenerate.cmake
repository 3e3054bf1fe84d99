# battgpu_regenerate(<target> SOURCES <file>... [TYPE OBJECT|STATIC|SHARED]
#                    [OUTPUT_DIR <dir>] [PATTERNS <list>] [FLAGS <flag>...])
#
# Runs battgpu-rewrite at build time on batt-style solver sources (SPEC sections 3 and 4) and
# compiles the regenerated files into <target>, linked with the battgpu runtime.
#
#   SOURCES     the solver sources to regenerate (relative to the current source directory)
#   TYPE        the library made when <target> does not exist yet (default OBJECT, so that
#               solvers registering themselves from static initialisers are kept); when
#               <target> exists (an executable, say), the regenerated files are added to it
#   OUTPUT_DIR  where the regenerated files go (default
#               ${CMAKE_CURRENT_BINARY_DIR}/battgpu_regenerated/<target>)
#   PATTERNS    passed as --patterns= (default: every pattern)
#   FLAGS       extra compiler flags for the generator's parse; the target's include
#               directories and definitions, its dependencies' included, are passed already
#
# A file is regenerated when it, a header it reads (with Ninja or Makefiles, through
# battgpu-rewrite --depfile), or battgpu-rewrite changes. Each source's directory is
# added to <target>'s include path, so that its quoted includes still resolve. Without
# battgpu-rewrite (no LLVM/Clang 19: BATTGPU_BUILD_GENERATOR off or Clang not found) the
# original sources are compiled instead, with a notice; an installed generator can be named
# with -DBATTGPU_REWRITE_EXECUTABLE=<path>.
include_guard(GLOBAL)

function(battgpu_regenerate target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "TYPE;OUTPUT_DIR;PATTERNS" "SOURCES;FLAGS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "battgpu_regenerate: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "battgpu_regenerate(${target}): no SOURCES")
  endif()
  if(NOT ARG_TYPE)
    set(ARG_TYPE OBJECT)
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/battgpu_regenerated/${target})
  endif()
  if(NOT TARGET ${target})
    add_library(${target} ${ARG_TYPE})
  endif()

  # The runtime the regenerated code calls (battgpu::runtime; the DSL alone before it exists).
  if(TARGET battgpu::runtime)
    target_link_libraries(${target} PUBLIC battgpu::runtime)
  elseif(TARGET battgpu_runtime)
    target_link_libraries(${target} PUBLIC battgpu_runtime)
  elseif(TARGET battgpu::dsl)
    target_link_libraries(${target} PUBLIC battgpu::dsl)
  else()
    message(FATAL_ERROR "battgpu_regenerate(${target}): no battgpu runtime target to link")
  endif()
  target_compile_features(${target} PUBLIC cxx_std_20)

  # The generator: the one this build makes, else an installed one, else none.
  if(BATTGPU_REWRITE_EXECUTABLE)
    set(tool ${BATTGPU_REWRITE_EXECUTABLE})
    set(have "1")
    set(tool_dep ${BATTGPU_REWRITE_EXECUTABLE})
  elseif(BATTGPU_BUILD_GENERATOR OR NOT DEFINED BATTGPU_BUILD_GENERATOR)
    set(tool "$<TARGET_FILE:battgpu-rewrite>")
    set(have "$<TARGET_EXISTS:battgpu-rewrite>")
    set(tool_dep "$<TARGET_NAME_IF_EXISTS:battgpu-rewrite>")
  else()
    set(have "0")
    set(tool_dep "")
  endif()
  if(have STREQUAL "0")
    message(STATUS "battgpu_regenerate(${target}): battgpu-rewrite is not built; compiling the "
                   "original sources")
  endif()

  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(parse_flags -std=c++20
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
      ${ARG_FLAGS})
  set(options --quiet --no-change-ok)
  if(ARG_PATTERNS)
    string(REPLACE ";" "," patterns "${ARG_PATTERNS}")
    list(APPEND options --patterns=${patterns})
  endif()

  set(outputs "")
  set(dirs "")
  # Regenerate when a header the source reads changes too (battgpu-rewrite --depfile).
  # Known only where the generator target exists already (or is installed): elsewhere the
  # command may fall back to a copy, which writes no depfile.
  set(use_depfile OFF)
  if((TARGET battgpu-rewrite OR BATTGPU_REWRITE_EXECUTABLE) AND NOT have STREQUAL "0"
     AND CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(use_depfile ON)
  endif()
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(name ${src} NAME)
    get_filename_component(dir ${abs} DIRECTORY)
    set(out ${ARG_OUTPUT_DIR}/${name})
    if(out IN_LIST outputs)
      message(FATAL_ERROR "battgpu_regenerate(${target}): two sources are named ${name}")
    endif()
    set(depfile_args "")
    if(use_depfile)
      set(depfile_args DEPFILE ${out}.d)
    endif()
    if(have STREQUAL "0")
      set(command ${CMAKE_COMMAND} -E copy ${abs} ${out})
    else()
      set(regenerate ${tool} ${abs} -o ${out} ${options})
      if(use_depfile)
        list(APPEND regenerate --depfile=${out}.d)
      endif()
      set(command "$<IF:${have},${regenerate};--;${parse_flags},${CMAKE_COMMAND};-E;copy;${abs};${out}>")
    endif()
    add_custom_command(
      OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${ARG_OUTPUT_DIR}
      COMMAND "${command}"
      DEPENDS ${abs} ${tool_dep}
      ${depfile_args}
      COMMENT "battgpu-rewrite ${name} (${target})"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND outputs ${out})
    list(APPEND dirs ${dir})
  endforeach()
  list(REMOVE_DUPLICATES dirs)
  target_sources(${target} PRIVATE ${outputs})
  target_include_directories(${target} PRIVATE ${dirs})
endfunction()
