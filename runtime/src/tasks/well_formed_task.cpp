// The fast reader of task files (task_readers.hpp): nlohmann/json's SAX parser driving a
// small state machine that knows the one shape of a task file, filling each grid's cells as
// the parser meets them. Any event the shape does not allow stops it, and the file goes to
// the full reader.
#include "task_readers.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace battgpu::tasks::detail {
namespace {

/// nlohmann's SAX events for one task file. Every event returns whether the file is still
/// well formed; the first false ends the parse.
class WellFormedTask {
public:
  using Json = nlohmann::json;

  Task take() { return std::move(task_); }

  bool start_object(std::size_t) {
    if (at_ == Place::Document) {
      at_ = Place::Task;
      return true;
    }
    if (at_ == Place::Pairs) {
      at_ = Place::Pair;
      pair_ = Pair{};
      has_input_ = has_output_ = false;
      return true;
    }
    return false;
  }

  bool key(Json::string_t& k) {
    if (at_ == Place::Task) {
      if (k == "train" && !has_train_) {
        has_train_ = true;
        pairs_ = &task_.train;
        outputs_required_ = true;
        return true;
      }
      if (k == "test" && !has_test_) {
        has_test_ = true;
        pairs_ = &task_.test;
        outputs_required_ = false;
        return true;
      }
      // Another key (ARC files sometimes carry "name"), whose value is ignored: taken where
      // it is the first of that key and its value is no container.
      if (k == "train" || k == "test" ||
          std::find(other_keys_.begin(), other_keys_.end(), k) != other_keys_.end())
        return false;
      other_keys_.push_back(std::move(k));
      at_ = Place::OtherValue;
      return true;
    }
    if (at_ == Place::Pair) {
      if (k == "input" && !has_input_) {
        has_input_ = true;
        grid_is_output_ = false;
        return true;
      }
      if (k == "output" && !has_output_) {
        has_output_ = true;
        grid_is_output_ = true;
        return true;
      }
    }
    return false;
  }

  bool start_array(std::size_t) {
    switch (at_) {
    case Place::Task: // the value of "train" or "test"
      at_ = Place::Pairs;
      return true;
    case Place::Pair: // a grid
      at_ = Place::Grid;
      cells_.clear();
      height_ = 0;
      width_ = -1;
      return true;
    case Place::Grid: // a row
      if (height_ == max_grid_side)
        return false;
      at_ = Place::Row;
      row_start_ = cells_.size();
      return true;
    default:
      return false;
    }
  }

  bool number_unsigned(Json::number_unsigned_t n) { return colour(n <= 9, n); }
  bool number_integer(Json::number_integer_t n) { return colour(n >= 0 && n <= 9, n); }

  bool end_array() {
    switch (at_) {
    case Place::Row: {
      const auto width = static_cast<std::int64_t>(cells_.size() - row_start_);
      if (width == 0 || (width_ >= 0 && width != width_))
        return false;
      width_ = width;
      ++height_;
      at_ = Place::Grid;
      return true;
    }
    case Place::Grid:
      if (height_ == 0)
        return false;
      (grid_is_output_ ? pair_.output.emplace() : pair_.input) =
          dsl::Grid(static_cast<dsl::Integer>(height_), static_cast<dsl::Integer>(width_),
                    std::vector<dsl::Integer>(cells_));
      at_ = Place::Pair;
      return true;
    case Place::Pairs:
      if (pairs_->empty())
        return false;
      at_ = Place::Task;
      return true;
    default:
      return false;
    }
  }

  bool end_object() {
    if (at_ == Place::Pair) {
      if (!has_input_ || (outputs_required_ && !has_output_))
        return false;
      pairs_->push_back(std::move(pair_));
      at_ = Place::Pairs;
      return true;
    }
    if (at_ == Place::Task) {
      at_ = Place::Done;
      return has_train_ && has_test_;
    }
    return false;
  }

  // Nothing else belongs in a well-formed task file, but as another key's value.
  bool null() { return other_value(); }
  bool boolean(bool) { return other_value(); }
  bool number_float(Json::number_float_t, const Json::string_t&) { return other_value(); }
  bool string(Json::string_t&) { return other_value(); }
  bool binary(Json::binary_t&) { return false; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

private:
  /// Where the parser is: what the next event may open, hold or close.
  enum class Place { Document, Task, OtherValue, Pairs, Pair, Grid, Row, Done };

  bool other_value() {
    if (at_ != Place::OtherValue)
      return false;
    at_ = Place::Task;
    return true;
  }

  template <class N> bool colour(bool in_range, N n) {
    if (at_ == Place::OtherValue)
      return other_value();
    if (at_ != Place::Row || !in_range || cells_.size() - row_start_ == max_grid_side)
      return false;
    cells_.push_back(static_cast<dsl::Integer>(n));
    return true;
  }

  Place at_ = Place::Document;
  Task task_;
  bool has_train_ = false, has_test_ = false;
  std::vector<std::string> other_keys_;
  std::vector<Pair>* pairs_ = nullptr; ///< the list being read
  bool outputs_required_ = false;      ///< its pairs need an output (train)
  Pair pair_;                          ///< the pair being read
  bool has_input_ = false, has_output_ = false, grid_is_output_ = false;
  std::vector<dsl::Integer> cells_; ///< the grid being read, row after row
  std::size_t row_start_ = 0;
  std::int64_t height_ = 0, width_ = -1;
};

} // namespace

std::optional<Task> read_well_formed_task(std::string_view text) {
  WellFormedTask reader;
  if (!nlohmann::json::sax_parse(text.data(), text.data() + text.size(), &reader))
    return std::nullopt;
  return reader.take();
}

} // namespace battgpu::tasks::detail
