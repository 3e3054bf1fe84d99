# battgpu_use_mimalloc(<executable>)
#
# Links <executable> with mimalloc where it is installed (BATTGPU_USE_MIMALLOC, on by default)
# and defines BATTGPU_HAVE_MIMALLOC for it (driver/main.cpp then names the allocator in run
# reports), with operator new and delete that take mimalloc's memory and throw std::bad_alloc
# when it runs out (driver/mimalloc_new_delete.cpp: mimalloc's own would abort the process). mimalloc replaces malloc for the whole process, so only executables take it, never
# the libraries a host program links: glibc's malloc stops the interpreter and the compiled
# programs from scaling past a few threads.
include_guard(GLOBAL)

function(battgpu_use_mimalloc target)
  if(NOT BATTGPU_USE_MIMALLOC)
    return()
  endif()
  find_package(mimalloc 2 CONFIG QUIET)
  if(NOT mimalloc_FOUND)
    message(STATUS "${target}: mimalloc not found; the system malloc is used")
    return()
  endif()
  target_link_libraries(${target} PRIVATE mimalloc)
  target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/driver/mimalloc_new_delete.cpp)
  target_compile_definitions(${target} PRIVATE BATTGPU_HAVE_MIMALLOC)
  message(STATUS "${target}: linking mimalloc ${mimalloc_VERSION}")
endfunction()
