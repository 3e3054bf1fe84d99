// The memory allocator the process runs on, named in run reports.
//
// The interpreter allocates and frees many small objects on every thread; glibc's malloc
// serialises such a pattern on its arenas and the kernel's memory map, so the `battgpu`
// executable links mimalloc where it is installed and records that here.
#pragma once

#include <string>

namespace battgpu::driver {

/// Records the allocator's name (the executable calls this before anything else runs).
void set_allocator_name(std::string name);

/// The allocator's name: "system malloc" unless set_allocator_name said otherwise.
const std::string& allocator_name();

} // namespace battgpu::driver
