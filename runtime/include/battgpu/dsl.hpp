// The C++ ARC DSL (SPEC section 2): every primitive and constant of the reference DSL under
// its own name, plus the batt extensions. Python's `double` and `switch` are C++ keywords
// and are spelled `double_` and `switch_`.
#pragma once

#include "battgpu/dsl/constants.hpp"
#include "battgpu/dsl/primitives/arithmetic.hpp"
#include "battgpu/dsl/primitives/batt.hpp"
#include "battgpu/dsl/primitives/collections.hpp"
#include "battgpu/dsl/primitives/grids.hpp"
#include "battgpu/dsl/primitives/higher_order.hpp"
#include "battgpu/dsl/primitives/objects.hpp"
#include "battgpu/dsl/primitives/patches.hpp"
#include "battgpu/dsl/values.hpp"
