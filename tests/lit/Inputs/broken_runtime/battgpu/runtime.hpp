// A runtime header that does not compile, to check that output failing its re-parse is
// never written.
#pragma once
#include "battgpu/dsl.hpp"
static_assert(false, "this runtime header is broken on purpose");
