// The emitted code's templates (templates/*.tmpl, embedded at build time) and their
// rendering. A template file holds sections introduced by `@@ name` lines; `#` lines before
// the first section are comments. `${key}` is replaced by the value given for key.
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace battgpu::rewrite {

/// Section `section` of template `name` (the .tmpl file's stem); empty when absent.
llvm::StringRef templateSection(llvm::StringRef name, llvm::StringRef section);

/// A one-line section used as a value (`${call}`): its text without the line ending.
std::string templateValue(llvm::StringRef name, llvm::StringRef section);

/// Renders `text`, ending lines with `eol`. When `positions` is given, it receives for each
/// key the output offset of its first substitution.
std::string renderTemplate(llvm::StringRef text, const llvm::StringMap<std::string>& values,
                           llvm::StringRef eol, llvm::StringMap<unsigned>* positions = nullptr);

} // namespace battgpu::rewrite
