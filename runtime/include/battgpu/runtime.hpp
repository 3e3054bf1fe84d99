// The header battgpu-rewrite includes into regenerated solvers.
#pragma once

#include "battgpu/dsl.hpp"
#include "battgpu/runtime/batch.hpp"
