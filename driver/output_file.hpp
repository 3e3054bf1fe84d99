// A file written whole or not at all: the text goes to a temporary file beside the target as
// it comes, and a rename puts it in place once everything is written, so readers see the old
// file or the whole new one, and a run that fails (or is stopped) leaves no partial output.
// Opening it first tells before a long run whether its output can be written at all. A run
// stopped by SIGINT, SIGTERM or SIGHUP removes the temporary files it had open.
#pragma once

#include <string>
#include <string_view>

namespace battgpu::driver {

class OutputFile {
public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Removes the temporary file unless commit() succeeded.
  ~OutputFile();

  /// Creates the temporary file for `path`. Returns "" or the problem (the target is a
  /// directory, its directory does not exist or is not writable).
  std::string open(const std::string& path);
  /// Appends `text`. A failure (a full disk) is kept and reported by commit().
  void write(std::string_view text);
  /// Writes what is buffered, syncs it to disk and renames the file into place. Returns "" or
  /// the first problem met since open(); the temporary file is removed then.
  std::string commit();

private:
  void flush();
  void fail(const char* what);

  std::string path_, temp_;
  int fd_ = -1;
  std::string buffer_;
  std::string problem_;
  int tracked_ = -1; ///< the slot the signal handler knows the temporary file by
};

/// Writes `content` to `path` through an OutputFile. Returns "" or the problem.
std::string write_file_atomically(const std::string& path, const std::string& content);

} // namespace battgpu::driver
