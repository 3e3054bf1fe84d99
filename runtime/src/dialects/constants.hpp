// The public constants of each dialect's constants.py that a program can use as values.
#pragma once

#include "battgpu/dialects/module.hpp"

#include <vector>

namespace battgpu::dialects {

/// `from constants import *` of `dialect`: the ints, booleans and pairs, in definition order.
/// (tokpidjin's constants.py also defines dicts and lists of constant names, tables for its
/// program generator; generated programs do not use them as values, and they are left out.)
std::vector<Module::Entry> constants(Dialect dialect);

} // namespace battgpu::dialects
