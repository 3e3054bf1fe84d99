#include "core/objects_table.hpp"

#include "core/layout.hpp"
#include "cpu/thread_pool.hpp"

#include <bit>
#include <memory>
#include <new>
#include <stdexcept>

namespace battgpu::runtime {

ObjectsBatch::ObjectsBatch(std::shared_ptr<const detail::ObjectsTable> table, std::size_t grids,
                           ModeMask modes)
    : table_(std::move(table)), grids_(grids), modes_(modes) {}

const dsl::Objects& ObjectsBatch::operator()(std::size_t grid, int mode) const {
  if (grid >= grids_ || mode < 0 || mode > 7 || !(modes_ & mode_bit(mode)))
    throw std::out_of_range("ObjectsBatch: no such grid or mode");
  return table_->data[grid * static_cast<std::size_t>(mode_count(modes_)) +
                      static_cast<std::size_t>(mode_rank(modes_, mode))];
}

std::span<const dsl::Objects> ObjectsBatch::row(std::size_t grid) const {
  if (grid >= grids_)
    throw std::out_of_range("ObjectsBatch: no such grid");
  std::size_t mc = static_cast<std::size_t>(mode_count(modes_));
  return {table_->data + grid * mc, mc};
}

std::size_t ObjectsBatch::gpu_grids() const {
  return table_ ? table_->gpu_grids.load() : 0;
}

bool ObjectsBatch::computed_on_gpu(std::size_t grid) const {
  return table_ && grid < table_->on_gpu.size() && table_->on_gpu[grid] != 0;
}

namespace detail {
namespace {

constexpr std::size_t kParallelTable = std::size_t{1} << 16;
constexpr std::size_t kTableBlock = std::size_t{1} << 14;

/// Object handles of one build task, constructed in place.
class ObjectStore {
public:
  explicit ObjectStore(std::size_t capacity)
      : storage_(static_cast<dsl::Object*>(::operator new(capacity * sizeof(dsl::Object),
                                                          std::align_val_t{alignof(dsl::Object)}))),
        capacity_(capacity) {}
  ~ObjectStore() {
    std::destroy_n(storage_, used_);
    ::operator delete(storage_, std::align_val_t{alignof(dsl::Object)});
  }
  ObjectStore(const ObjectStore&) = delete;
  ObjectStore& operator=(const ObjectStore&) = delete;

  std::size_t size() const { return used_; }
  dsl::Object* at(std::size_t i) { return storage_ + i; }
  void push(dsl::Object&& object) { std::construct_at(storage_ + used_++, std::move(object)); }
  void push_copy(const dsl::Object& object) { std::construct_at(storage_ + used_++, object); }

private:
  dsl::Object* storage_;
  std::size_t capacity_;
  std::size_t used_ = 0;
};

std::uint32_t count_bits(const std::uint32_t* words, std::uint32_t count) {
  std::uint32_t n = 0;
  for (std::uint32_t w = 0; w < count; ++w)
    n += static_cast<std::uint32_t>(std::popcount(words[w]));
  return n;
}

} // namespace

ObjectsTable::ObjectsTable(std::size_t n) : count(n) {
  data = static_cast<dsl::Objects*>(
      ::operator new(n * sizeof(dsl::Objects), std::align_val_t{alignof(dsl::Objects)}));
  if (n < kParallelTable) {
    std::uninitialized_default_construct_n(data, n);
    return;
  }
  std::size_t blocks = (n + kTableBlock - 1) / kTableBlock;
  cpu_pool().parallel_for(blocks, [&](std::size_t b) {
    std::size_t first = b * kTableBlock;
    std::uninitialized_default_construct_n(data + first, std::min(kTableBlock, n - first));
  });
}

ObjectsTable::~ObjectsTable() {
  if (count < kParallelTable) {
    std::destroy_n(data, count);
  } else {
    std::size_t blocks = (count + kTableBlock - 1) / kTableBlock;
    cpu_pool().parallel_for(blocks, [&](std::size_t b) {
      std::size_t first = b * kTableBlock;
      std::destroy_n(data + first, std::min(kTableBlock, count - first));
    });
  }
  ::operator delete(data, std::align_val_t{alignof(dsl::Objects)});
}

void expand_cells(const BuildSource& source, const BuildGrid& g) {
  const dsl::Grid& grid = source.grids[g.result];
  const int* colours = grid.cells();
  const auto w = static_cast<std::uint32_t>(grid.width());
  const FamilyLayout l = family_layout(g.cells, g.foreground, source.families);
  const FamilyLayout d = family_layout(g.cells, g.foreground, device_families(source.families));
  dsl::Cell* out = source.expand_to + g.cell_base;
  if (l.count[kWhole] != 0) {
    // The whole grid: cells by (colour, row, col), a stable counting sort of the colours.
    constexpr int kColours = kGpuColours;
    std::uint32_t next[kColours] = {};
    for (std::uint32_t i = 0; i < g.cells; ++i)
      ++next[colours[i]];
    std::uint32_t sum = 0;
    for (std::uint32_t& n : next) {
      std::uint32_t c = n;
      n = sum;
      sum += c;
    }
    dsl::Cell* whole = out + l.cell_off[kWhole];
    std::uint32_t i = 0;
    for (int r = 0; r < grid.height(); ++r)
      for (int c = 0; c < static_cast<int>(w); ++c, ++i)
        std::construct_at(whole + next[colours[i]]++, dsl::Cell{colours[i], {r, c}});
  }
  // row = index * magic >> 32 with magic = ceil(2^32 / w) is exact while index * w < 2^32.
  const std::uint64_t magic = ((std::uint64_t{1} << 32) + w - 1) / w;
  const std::uint16_t* in = source.indices + g.index_base;
  for (int f = kL4; f < kFamilyCount; ++f) {
    const std::uint16_t* fin = in + d.cell_off[f];
    dsl::Cell* fout = out + l.cell_off[f];
    for (std::uint32_t p = 0; p < d.count[f]; ++p) {
      const std::uint32_t i = fin[p];
      const auto r = static_cast<std::uint32_t>((i * magic) >> 32);
      std::construct_at(fout + p,
                        dsl::Cell{colours[i], {static_cast<int>(r), static_cast<int>(i - r * w)}});
    }
  }
}

void build_objects(const BuildSource& source, std::span<const BuildGrid> grids,
                   dsl::Objects* table) {
  if (source.indices != nullptr)
    for (const BuildGrid& g : grids)
      expand_cells(source, g);
  const unsigned modes = source.modes;
  const std::uint32_t families = source.families;
  const std::size_t mc = static_cast<std::size_t>(mode_count(source.modes));
  const bool split5 = (modes & 0x30u) == 0x30u; // modes 4 and 5 both asked
  const bool split7 = (modes & 0xC0u) == 0xC0u;

  // Pass 1: how many object handles this task makes.
  std::size_t total = 0;
  for (const BuildGrid& g : grids) {
    FamilyLayout l = family_layout(g.cells, g.foreground, families);
    if (l.count[kWhole] != 0)
      ++total;
    for (int f = kL4; f < kFamilyCount; ++f)
      if (l.count[f] != 0)
        total += count_bits(source.masks + g.mask_base + l.mask_off[f], (l.count[f] + 31) / 32);
    if (split5)
      total += l.count[kL4];
    if (split7)
      total += l.count[kL8];
  }
  if (total == 0)
    return; // every result stays empty
  auto store = std::make_shared<ObjectStore>(total);
  // A control block of this task's own keeps the result memory alive, so that threads building
  // other parts of the batch never contend on one reference count.
  auto cells_owner = std::make_shared<std::shared_ptr<const void>>(source.owner);

  auto view = [&](std::size_t first_index, std::size_t count) {
    if (count == 0)
      return dsl::Objects{};
    const dsl::Object* first = store->at(first_index);
    return dsl::Objects(std::vector<dsl::Object>(first, first + count));
  };
  auto object = [&](const dsl::Cell* first, std::size_t count) {
    return dsl::Object(std::vector<dsl::Cell>(first, first + count));
  };

  for (const BuildGrid& g : grids) {
    FamilyLayout l = family_layout(g.cells, g.foreground, families);
    const dsl::Cell* cells = source.cells + g.cell_base;
    std::size_t begin[kFamilyCount] = {};
    std::size_t size[kFamilyCount] = {};
    if (l.count[kWhole] != 0) {
      begin[kWhole] = store->size();
      store->push(object(cells + l.cell_off[kWhole], l.count[kWhole]));
      size[kWhole] = 1;
    }
    for (int f = kL4; f < kFamilyCount; ++f) {
      const std::uint32_t n = l.count[f];
      begin[f] = store->size();
      if (n == 0)
        continue;
      const std::uint32_t* mask = source.masks + g.mask_base + l.mask_off[f];
      const dsl::Cell* family_cells = cells + l.cell_off[f];
      std::uint32_t previous = 0;
      bool any = false;
      for (std::uint32_t w = 0; w < (n + 31) / 32; ++w) {
        std::uint32_t bits = mask[w];
        while (bits != 0) {
          std::uint32_t pos = w * 32 + static_cast<std::uint32_t>(std::countr_zero(bits));
          bits &= bits - 1;
          if (any)
            store->push(object(family_cells + previous, pos - previous));
          previous = pos;
          any = true;
        }
      }
      if (any)
        store->push(object(family_cells + previous, n - previous));
      size[f] = store->size() - begin[f];
    }
    // The objects of L4/L8 without the background's: those form one run in canonical order
    // (objects sort by colour first), the objects whose first cell lies among the background
    // cells, which start after the cells of smaller colours. Mode 5/7 is a view when the run
    // is at either end. Only positions are compared: the result cells are never read here.
    auto without_background = [&](int f) -> std::pair<std::size_t, std::size_t> {
      const std::size_t first = begin[f], n = size[f];
      const dsl::Cell* base = cells + l.cell_off[f];
      const std::size_t bg_first = g.below_background;
      const std::size_t bg_last = bg_first + (g.cells - g.foreground);
      auto is_background = [&](std::size_t k) {
        auto pos = static_cast<std::size_t>(store->at(first + k)->begin() - base);
        return pos >= bg_first && pos < bg_last;
      };
      std::size_t a = 0;
      while (a < n && !is_background(a))
        ++a;
      std::size_t b = a;
      while (b < n && is_background(b))
        ++b;
      if (a == b)
        return {first, n};
      if (a == 0)
        return {first + b, n - b};
      if (b == n)
        return {first, a};
      std::size_t copy = store->size();
      for (std::size_t k = 0; k < n; ++k)
        if (k < a || k >= b)
          store->push_copy(*store->at(first + k));
      return {copy, n - (b - a)};
    };
    dsl::Objects* row = table + g.result * mc;
    std::size_t slot = 0;
    for (int mode = 0; mode < 8; ++mode) {
      if (!(modes & (1u << mode)))
        continue;
      dsl::Objects& out = row[slot++];
      switch (mode) {
      case 0:
      case 2:
        out = view(begin[kWhole], size[kWhole]);
        break;
      case 1:
        out = view(begin[kF4], size[kF4]);
        break;
      case 3:
        out = view(begin[kF8], size[kF8]);
        break;
      case 4:
        out = view(begin[kL4], size[kL4]);
        break;
      case 6:
        out = view(begin[kL8], size[kL8]);
        break;
      case 5:
      case 7: {
        int f = mode == 5 ? kL4 : kL8;
        bool with_bg = (families & (mode == 5 ? kL4WithBackground : kL8WithBackground)) != 0;
        if (with_bg) {
          auto [first, n] = without_background(f);
          out = view(first, n);
        } else {
          out = view(begin[f], size[f]);
        }
        break;
      }
      }
    }
  }
}

} // namespace detail
} // namespace battgpu::runtime
