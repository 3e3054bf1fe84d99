// operator new and delete for the executables linked with mimalloc (battgpu_use_mimalloc).
//
// mimalloc's own operator new, built as C in Debian's library, calls abort() when an
// allocation fails: it cannot see a new_handler, nor throw. The standard operator new throws
// std::bad_alloc instead, which a statement turns into its MemoryError and the runner into the
// call's, so that one call running out of memory does not end the run. These replacements
// take their memory from mimalloc and fail the standard way. (An executable's definitions take
// precedence over the library's for the whole process.)
#include <mimalloc.h>

#include <cstddef>
#include <new>

namespace {

/// Memory from `mi_allocate()`, as the standard operator new gets it: on failure the
/// new_handler (if one is set) is given its chance, then std::bad_alloc.
template <class MiAllocate> void* allocate_with(MiAllocate&& mi_allocate) {
  while (true) {
    if (void* p = mi_allocate())
      return p;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr)
      throw std::bad_alloc();
    handler();
  }
}

void* allocate(std::size_t n) {
  return allocate_with([n] { return mi_malloc(n); });
}

void* allocate_aligned(std::size_t n, std::align_val_t alignment) {
  return allocate_with([=] { return mi_malloc_aligned(n, static_cast<std::size_t>(alignment)); });
}

template <class F> void* or_null(F&& allocation) noexcept {
  try {
    return allocation();
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

} // namespace

void* operator new(std::size_t n) {
  return allocate(n);
}
void* operator new[](std::size_t n) {
  return allocate(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return or_null([&] { return allocate(n); });
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return or_null([&] { return allocate(n); });
}
void* operator new(std::size_t n, std::align_val_t a) {
  return allocate_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return allocate_aligned(n, a);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return or_null([&] { return allocate_aligned(n, a); });
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return or_null([&] { return allocate_aligned(n, a); });
}

void operator delete(void* p) noexcept {
  mi_free(p);
}
void operator delete[](void* p) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  mi_free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  mi_free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  mi_free(p);
}
