// tokpidjin dialect: the "grids" functions.
#include "grids.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// downscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value downscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hconcat(a: 'Grid', b: 'Grid') -> 'Grid'
Value hconcat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vconcat(a: 'Grid', b: 'Grid') -> 'Grid'
Value vconcat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// subgrid(patch: 'Patch', grid: 'Grid') -> 'Grid'
Value subgrid_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hsplit(grid: 'Grid', n: 'Integer') -> 'Tuple'
Value hsplit_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vsplit(grid: 'Grid', n: 'Integer') -> 'Tuple'
Value vsplit_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cellwise(a: 'Grid', b: 'Grid', fallback: 'Integer') -> 'Grid'
Value cellwise_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// replace(grid: 'Grid', replacee: 'C_', replacer: 'C_') -> 'Grid'
Value replace_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// switch(grid: 'Grid', a: 'C_', b: 'C_') -> 'Grid'
Value switch_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// center(patch: 'Patch') -> 'IJ'
Value center_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// position(a: 'Patch', b: 'Patch') -> 'IJ'
Value position_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// index(grid: 'Grid', loc: 'IJ') -> 'Integer'
Value index_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// canvas(color: 'C_', dimensions: 'IJ') -> 'Grid'
Value canvas_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// corners(patch: 'Patch') -> 'Indices'
Value corners_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// connect(a: 'IJ', b: 'IJ') -> 'Indices'
Value connect_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cover(grid: 'Grid', patch: 'Patch') -> 'Grid'
Value cover_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// trim(grid: 'Grid') -> 'Grid'
Value trim_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// move(grid: 'Grid', obj: 'Object', offset: 'IJ') -> 'Grid'
Value move_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// tophalf(grid: 'Grid') -> 'Grid'
Value tophalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// bottomhalf(grid: 'Grid') -> 'Grid'
Value bottomhalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lefthalf(grid: 'Grid') -> 'Grid'
Value lefthalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// righthalf(grid: 'Grid') -> 'Grid'
Value righthalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vfrontier(location: 'IJ') -> 'Indices'
Value vfrontier_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hfrontier(location: 'IJ') -> 'Indices'
Value hfrontier_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// backdrop(patch: 'Patch') -> 'Indices'
Value backdrop_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// delta(patch: 'Patch') -> 'Indices'
Value delta_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// gravitate(source: 'Patch', destination: 'Patch') -> 'IJ'
Value gravitate_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// inbox(patch: 'Patch') -> 'Indices'
Value inbox_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// outbox(patch: 'Patch') -> 'Indices'
Value outbox_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// box(patch: 'Patch') -> 'Indices'
Value box_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shoot(start: 'IJ', direction: 'IJ') -> 'Indices'
Value shoot_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// occurrences(grid: 'Grid', obj: 'Object') -> 'Indices'
Value occurrences_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// frontiers(grid: 'Grid') -> 'Objects'
Value frontiers_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// compress(grid: 'Grid') -> 'Grid'
Value compress_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hperiod(obj: 'Object') -> 'Integer'
Value hperiod_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vperiod(obj: 'Object') -> 'Integer'
Value vperiod_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin downscale{"downscale", py::Dialect::Tokpidjin, 2, 2, &downscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hconcat{"hconcat", py::Dialect::Tokpidjin, 2, 2, &hconcat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vconcat{"vconcat", py::Dialect::Tokpidjin, 2, 2, &vconcat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin subgrid{"subgrid", py::Dialect::Tokpidjin, 2, 2, &subgrid_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hsplit{"hsplit", py::Dialect::Tokpidjin, 2, 2, &hsplit_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vsplit{"vsplit", py::Dialect::Tokpidjin, 2, 2, &vsplit_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin cellwise{"cellwise", py::Dialect::Tokpidjin, 3, 3, &cellwise_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin replace{"replace", py::Dialect::Tokpidjin, 3, 3, &replace_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin switch_{"switch", py::Dialect::Tokpidjin, 3, 3, &switch_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin center{"center", py::Dialect::Tokpidjin, 1, 1, &center_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin position{"position", py::Dialect::Tokpidjin, 2, 2, &position_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin index{"index", py::Dialect::Tokpidjin, 2, 2, &index_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin canvas{"canvas", py::Dialect::Tokpidjin, 2, 2, &canvas_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin corners{"corners", py::Dialect::Tokpidjin, 1, 1, &corners_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin connect{"connect", py::Dialect::Tokpidjin, 2, 2, &connect_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin cover{"cover", py::Dialect::Tokpidjin, 2, 2, &cover_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin trim{"trim", py::Dialect::Tokpidjin, 1, 1, &trim_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin move{"move", py::Dialect::Tokpidjin, 3, 3, &move_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin tophalf{"tophalf", py::Dialect::Tokpidjin, 1, 1, &tophalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin bottomhalf{"bottomhalf", py::Dialect::Tokpidjin, 1, 1, &bottomhalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lefthalf{"lefthalf", py::Dialect::Tokpidjin, 1, 1, &lefthalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin righthalf{"righthalf", py::Dialect::Tokpidjin, 1, 1, &righthalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vfrontier{"vfrontier", py::Dialect::Tokpidjin, 1, 1, &vfrontier_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin hfrontier{"hfrontier", py::Dialect::Tokpidjin, 1, 1, &hfrontier_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin backdrop{"backdrop", py::Dialect::Tokpidjin, 1, 1, &backdrop_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin delta{"delta", py::Dialect::Tokpidjin, 1, 1, &delta_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin gravitate{"gravitate", py::Dialect::Tokpidjin, 2, 2, &gravitate_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin inbox{"inbox", py::Dialect::Tokpidjin, 1, 1, &inbox_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin outbox{"outbox", py::Dialect::Tokpidjin, 1, 1, &outbox_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin box{"box", py::Dialect::Tokpidjin, 1, 1, &box_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin shoot{"shoot", py::Dialect::Tokpidjin, 2, 2, &shoot_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin occurrences{"occurrences", py::Dialect::Tokpidjin, 2, 2, &occurrences_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin frontiers{"frontiers", py::Dialect::Tokpidjin, 1, 1, &frontiers_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin compress{"compress", py::Dialect::Tokpidjin, 1, 1, &compress_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hperiod{"hperiod", py::Dialect::Tokpidjin, 1, 1, &hperiod_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin vperiod{"vperiod", py::Dialect::Tokpidjin, 1, 1, &vperiod_impl,
    py::SafeDefault::Zero};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::downscale,
    &fn::hconcat,
    &fn::vconcat,
    &fn::subgrid,
    &fn::hsplit,
    &fn::vsplit,
    &fn::cellwise,
    &fn::replace,
    &fn::switch_,
    &fn::center,
    &fn::position,
    &fn::index,
    &fn::canvas,
    &fn::corners,
    &fn::connect,
    &fn::cover,
    &fn::trim,
    &fn::move,
    &fn::tophalf,
    &fn::bottomhalf,
    &fn::lefthalf,
    &fn::righthalf,
    &fn::vfrontier,
    &fn::hfrontier,
    &fn::backdrop,
    &fn::delta,
    &fn::gravitate,
    &fn::inbox,
    &fn::outbox,
    &fn::box,
    &fn::shoot,
    &fn::occurrences,
    &fn::frontiers,
    &fn::compress,
    &fn::hperiod,
    &fn::vperiod,
};
} // namespace

std::span<const py::Builtin* const> grids_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
