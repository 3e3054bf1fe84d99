#include "oracle.hpp"

#include "battgpu/tasks/json.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <zlib.h>

namespace battgpu::testing {
namespace {

std::string read_gzip(const std::filesystem::path& file) {
  gzFile in = gzopen(file.c_str(), "rb");
  if (in == nullptr)
    throw std::runtime_error(file.string() + ": cannot open");
  std::string text;
  char buffer[1 << 16];
  int n = 0;
  while ((n = gzread(in, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(n));
  int error = 0;
  const char* message = gzerror(in, &error);
  gzclose(in);
  if (n < 0 || error < 0)
    throw std::runtime_error(file.string() + ": " + message);
  return text;
}

int integer(const json::Value& v) {
  auto n = v.as_int64();
  if (!n)
    throw std::runtime_error("expected an integer");
  return static_cast<int>(*n);
}

dsl::Grid to_grid(const json::Value& rows) {
  std::vector<int> cells;
  int width = rows.items().empty() ? 0 : static_cast<int>(rows.items()[0].items().size());
  for (const auto& row : rows.items())
    for (const auto& v : row.items())
      cells.push_back(integer(v));
  return dsl::Grid(static_cast<int>(rows.items().size()), width, std::move(cells));
}

CanonicalObjects to_objects(const json::Value& list) {
  CanonicalObjects out;
  for (const auto& obj : list.items()) {
    CanonicalObject cells;
    for (const auto& cell : obj.items())
      cells.emplace_back(integer(cell.items().at(0)), integer(cell.items().at(1)),
                         integer(cell.items().at(2)));
    std::sort(cells.begin(), cells.end());
    out.push_back(std::move(cells));
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

std::optional<std::filesystem::path> shared_dir() {
  std::filesystem::path dir;
  if (const char* env = std::getenv("BATTGPU_SHARED_DIR"))
    dir = env;
  else
    dir = BATTGPU_DEFAULT_SHARED_DIR;
  if (!std::filesystem::is_directory(dir))
    return std::nullopt;
  return dir;
}

std::vector<OracleGrid> load_oracle(const std::filesystem::path& gz_file) {
  const std::string text = read_gzip(gz_file);
  std::vector<OracleGrid> grids;
  std::size_t start = 0;
  int line = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    ++line;
    std::string_view record(text.data() + start, end - start);
    start = end + 1;
    if (record.empty())
      continue;
    try {
      json::Value v = json::parse(record);
      OracleGrid g;
      g.label = v.find("task")->text() + "/" + v.find("split")->text() + "[" +
                std::to_string(integer(*v.find("index"))) + "]." + v.find("io")->text();
      g.grid = to_grid(*v.find("grid"));
      const auto& modes = v.find("objects")->items();
      if (modes.size() != 8)
        throw std::runtime_error("expected 8 modes");
      for (int m = 0; m < 8; ++m)
        g.objects[m] = to_objects(modes[m]);
      grids.push_back(std::move(g));
    } catch (const std::exception& e) {
      throw std::runtime_error(gz_file.string() + ":" + std::to_string(line) + ": " + e.what());
    }
  }
  return grids;
}

CanonicalObjects canonical(const dsl::Objects& objects) {
  CanonicalObjects out;
  for (const dsl::Object& obj : objects) {
    CanonicalObject cells;
    for (const dsl::Cell& c : obj)
      cells.emplace_back(c.index.first, c.index.second, c.color);
    std::sort(cells.begin(), cells.end());
    out.push_back(std::move(cells));
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace battgpu::testing
