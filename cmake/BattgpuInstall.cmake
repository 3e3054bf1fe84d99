# The installable package: `cmake --install` puts the headers, the libraries, battgpu-rewrite
# (when built) and a CMake package in place, so that a project outside this tree can say
#
#   find_package(battgpu REQUIRED)
#   battgpu_regenerate(my_solvers SOURCES solvers.cpp)   # battgpu::runtime linked
#   target_link_libraries(my_program PRIVATE my_solvers battgpu::tasks)
#
# Exported targets (namespace battgpu::): dsl, tasks, runtime, py, dialects, frontend, interp,
# driver. The CUDA kernels are compiled
# into battgpu_runtime's archive (an OBJECT library's objects), so nothing more is installed
# for them; a CUDA build's package finds CUDAToolkit for cudart_static.
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(BATTGPU_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/battgpu CACHE STRING
    "Where the battgpu CMake package is installed (relative to the prefix)")

set(battgpu_exported battgpu_dsl battgpu_tasks battgpu_runtime battgpu_py battgpu_dialects
    battgpu_frontend battgpu_interp)
set_target_properties(battgpu_dsl PROPERTIES EXPORT_NAME dsl)
set_target_properties(battgpu_py PROPERTIES EXPORT_NAME py)
set_target_properties(battgpu_dialects PROPERTIES EXPORT_NAME dialects)
set_target_properties(battgpu_frontend PROPERTIES EXPORT_NAME frontend)
set_target_properties(battgpu_interp PROPERTIES EXPORT_NAME interp)
set_target_properties(battgpu_tasks PROPERTIES EXPORT_NAME tasks)
set_target_properties(battgpu_runtime PROPERTIES EXPORT_NAME runtime)
if(TARGET battgpu_driver_core)
  # `battgpu run` as a library: cli.hpp (cli_main, run_main), run.hpp and output_file.hpp.
  list(APPEND battgpu_exported battgpu_driver_core)
  set_target_properties(battgpu_driver_core PROPERTIES EXPORT_NAME driver)
  install(FILES ${PROJECT_SOURCE_DIR}/driver/cli.hpp ${PROJECT_SOURCE_DIR}/driver/run.hpp
    ${PROJECT_SOURCE_DIR}/driver/output_file.hpp
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/battgpu/driver)
endif()

install(TARGETS ${battgpu_exported}
  EXPORT battgpuTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(include_dir runtime/include frontend/include interp/include)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${include_dir}/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h" PATTERN "*.inc")
endforeach()
install(EXPORT battgpuTargets
  NAMESPACE battgpu::
  DESTINATION ${BATTGPU_INSTALL_CMAKEDIR})

# battgpu-rewrite installs itself (generator/CMakeLists.txt) into the bin directory; the
# package config looks for it there.
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/battgpuConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/battgpuConfig.cmake
  INSTALL_DESTINATION ${BATTGPU_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/battgpuConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/battgpuConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/battgpuConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/BattgpuRegenerate.cmake
  ${CMAKE_CURRENT_LIST_DIR}/BattgpuImport.cmake
  DESTINATION ${BATTGPU_INSTALL_CMAKEDIR})
