// arc_dsl dialect: the "grids" functions.
#include "grids.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Value;

// rot90(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot90_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rot180(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot180_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rot270(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot270_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value hmirror_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value vmirror_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value dmirror_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value cmirror_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fill(grid: Tuple[Tuple[int]], value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value fill_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// paint(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value paint_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// underfill(grid: Tuple[Tuple[int]], value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value underfill_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// underpaint(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value underpaint_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hupscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value hupscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vupscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value vupscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// upscale(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]], factor: int) -> Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]
Value upscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// downscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value downscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hconcat(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value hconcat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vconcat(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value vconcat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// subgrid(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value subgrid_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hsplit(grid: Tuple[Tuple[int]], n: int) -> Tuple
Value hsplit_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vsplit(grid: Tuple[Tuple[int]], n: int) -> Tuple
Value vsplit_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cellwise(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]], fallback: int) -> Tuple[Tuple[int]]
Value cellwise_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// replace(grid: Tuple[Tuple[int]], replacee: int, replacer: int) -> Tuple[Tuple[int]]
Value replace_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// switch(grid: Tuple[Tuple[int]], a: int, b: int) -> Tuple[Tuple[int]]
Value switch_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// center(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value center_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// position(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value position_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// index(grid: Tuple[Tuple[int]], loc: Tuple[int, int]) -> int
Value index_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// canvas(value: int, dimensions: Tuple[int, int]) -> Tuple[Tuple[int]]
Value canvas_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// corners(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value corners_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// connect(a: Tuple[int, int], b: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value connect_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cover(grid: Tuple[Tuple[int]], patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value cover_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// trim(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value trim_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// move(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]], offset: Tuple[int, int]) -> Tuple[Tuple[int]]
Value move_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// tophalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value tophalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// bottomhalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value bottomhalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lefthalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value lefthalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// righthalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value righthalf_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vfrontier(location: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value vfrontier_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hfrontier(location: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value hfrontier_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// backdrop(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value backdrop_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// delta(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value delta_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// gravitate(source: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], destination: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value gravitate_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// inbox(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value inbox_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// outbox(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value outbox_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// box(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value box_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shoot(start: Tuple[int, int], direction: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value shoot_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// occurrences(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value occurrences_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// frontiers(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value frontiers_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// compress(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value compress_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hperiod(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value hperiod_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vperiod(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value vperiod_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin rot90{"rot90", py::Dialect::ArcDsl, 1, 1, &rot90_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot180{"rot180", py::Dialect::ArcDsl, 1, 1, &rot180_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot270{"rot270", py::Dialect::ArcDsl, 1, 1, &rot270_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror{"hmirror", py::Dialect::ArcDsl, 1, 1, &hmirror_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmirror{"vmirror", py::Dialect::ArcDsl, 1, 1, &vmirror_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin dmirror{"dmirror", py::Dialect::ArcDsl, 1, 1, &dmirror_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin cmirror{"cmirror", py::Dialect::ArcDsl, 1, 1, &cmirror_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin fill{"fill", py::Dialect::ArcDsl, 3, 3, &fill_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin paint{"paint", py::Dialect::ArcDsl, 2, 2, &paint_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin underfill{"underfill", py::Dialect::ArcDsl, 3, 3, &underfill_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin underpaint{"underpaint", py::Dialect::ArcDsl, 2, 2, &underpaint_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hupscale{"hupscale", py::Dialect::ArcDsl, 2, 2, &hupscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vupscale{"vupscale", py::Dialect::ArcDsl, 2, 2, &vupscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale{"upscale", py::Dialect::ArcDsl, 2, 2, &upscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin downscale{"downscale", py::Dialect::ArcDsl, 2, 2, &downscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hconcat{"hconcat", py::Dialect::ArcDsl, 2, 2, &hconcat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vconcat{"vconcat", py::Dialect::ArcDsl, 2, 2, &vconcat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin subgrid{"subgrid", py::Dialect::ArcDsl, 2, 2, &subgrid_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hsplit{"hsplit", py::Dialect::ArcDsl, 2, 2, &hsplit_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vsplit{"vsplit", py::Dialect::ArcDsl, 2, 2, &vsplit_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin cellwise{"cellwise", py::Dialect::ArcDsl, 3, 3, &cellwise_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin replace{"replace", py::Dialect::ArcDsl, 3, 3, &replace_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin switch_{"switch", py::Dialect::ArcDsl, 3, 3, &switch_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin center{"center", py::Dialect::ArcDsl, 1, 1, &center_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin position{"position", py::Dialect::ArcDsl, 2, 2, &position_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin index{"index", py::Dialect::ArcDsl, 2, 2, &index_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin canvas{"canvas", py::Dialect::ArcDsl, 2, 2, &canvas_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin corners{"corners", py::Dialect::ArcDsl, 1, 1, &corners_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin connect{"connect", py::Dialect::ArcDsl, 2, 2, &connect_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin cover{"cover", py::Dialect::ArcDsl, 2, 2, &cover_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin trim{"trim", py::Dialect::ArcDsl, 1, 1, &trim_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin move{"move", py::Dialect::ArcDsl, 3, 3, &move_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin tophalf{"tophalf", py::Dialect::ArcDsl, 1, 1, &tophalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin bottomhalf{"bottomhalf", py::Dialect::ArcDsl, 1, 1, &bottomhalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lefthalf{"lefthalf", py::Dialect::ArcDsl, 1, 1, &lefthalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin righthalf{"righthalf", py::Dialect::ArcDsl, 1, 1, &righthalf_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vfrontier{"vfrontier", py::Dialect::ArcDsl, 1, 1, &vfrontier_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hfrontier{"hfrontier", py::Dialect::ArcDsl, 1, 1, &hfrontier_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin backdrop{"backdrop", py::Dialect::ArcDsl, 1, 1, &backdrop_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin delta{"delta", py::Dialect::ArcDsl, 1, 1, &delta_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin gravitate{"gravitate", py::Dialect::ArcDsl, 2, 2, &gravitate_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin inbox{"inbox", py::Dialect::ArcDsl, 1, 1, &inbox_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin outbox{"outbox", py::Dialect::ArcDsl, 1, 1, &outbox_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin box{"box", py::Dialect::ArcDsl, 1, 1, &box_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin shoot{"shoot", py::Dialect::ArcDsl, 2, 2, &shoot_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin occurrences{"occurrences", py::Dialect::ArcDsl, 2, 2, &occurrences_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin frontiers{"frontiers", py::Dialect::ArcDsl, 1, 1, &frontiers_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin compress{"compress", py::Dialect::ArcDsl, 1, 1, &compress_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hperiod{"hperiod", py::Dialect::ArcDsl, 1, 1, &hperiod_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vperiod{"vperiod", py::Dialect::ArcDsl, 1, 1, &vperiod_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::rot90,
    &fn::rot180,
    &fn::rot270,
    &fn::hmirror,
    &fn::vmirror,
    &fn::dmirror,
    &fn::cmirror,
    &fn::fill,
    &fn::paint,
    &fn::underfill,
    &fn::underpaint,
    &fn::hupscale,
    &fn::vupscale,
    &fn::upscale,
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

} // namespace battgpu::dialects::arc_dsl
