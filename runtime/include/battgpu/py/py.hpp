// Python's value model in C++: the umbrella header of battgpu::py.
#pragma once

#include "battgpu/py/arithmetic.hpp"
#include "battgpu/py/builtins.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/error.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/protocols.hpp"
#include "battgpu/py/repr.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"
