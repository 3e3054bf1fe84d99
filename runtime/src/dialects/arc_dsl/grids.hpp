// arc_dsl dialect: the "grids" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::arc_dsl {

namespace fn {
extern const py::Builtin rot90;
extern const py::Builtin rot180;
extern const py::Builtin rot270;
extern const py::Builtin hmirror;
extern const py::Builtin vmirror;
extern const py::Builtin dmirror;
extern const py::Builtin cmirror;
extern const py::Builtin fill;
extern const py::Builtin paint;
extern const py::Builtin underfill;
extern const py::Builtin underpaint;
extern const py::Builtin hupscale;
extern const py::Builtin vupscale;
extern const py::Builtin upscale;
extern const py::Builtin downscale;
extern const py::Builtin hconcat;
extern const py::Builtin vconcat;
extern const py::Builtin subgrid;
extern const py::Builtin hsplit;
extern const py::Builtin vsplit;
extern const py::Builtin cellwise;
extern const py::Builtin replace;
extern const py::Builtin switch_;
extern const py::Builtin center;
extern const py::Builtin position;
extern const py::Builtin index;
extern const py::Builtin canvas;
extern const py::Builtin corners;
extern const py::Builtin connect;
extern const py::Builtin cover;
extern const py::Builtin trim;
extern const py::Builtin move;
extern const py::Builtin tophalf;
extern const py::Builtin bottomhalf;
extern const py::Builtin lefthalf;
extern const py::Builtin righthalf;
extern const py::Builtin vfrontier;
extern const py::Builtin hfrontier;
extern const py::Builtin backdrop;
extern const py::Builtin delta;
extern const py::Builtin gravitate;
extern const py::Builtin inbox;
extern const py::Builtin outbox;
extern const py::Builtin box;
extern const py::Builtin shoot;
extern const py::Builtin occurrences;
extern const py::Builtin frontiers;
extern const py::Builtin compress;
extern const py::Builtin hperiod;
extern const py::Builtin vperiod;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> grids_family();

} // namespace battgpu::dialects::arc_dsl
