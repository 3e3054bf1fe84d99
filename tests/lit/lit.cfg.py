# lit configuration of the battgpu-rewrite golden suite (see tests/lit/README.md).
import os

import lit.formats

config.name = "battgpu-rewrite"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "/usr/bin:/bin")])

include = os.path.join(config.battgpu_root, "runtime", "include")
flags = "-std=c++20 -I" + include
clang_warnings = "-Wall -Wextra -Wshadow -Werror -Wno-deprecated-declarations"
gcc_warnings = "-Wall -Wextra -Wpedantic -Wshadow=local -Werror"
cxx_warnings = gcc_warnings if config.cxx_id == "GNU" else clang_warnings
inputs = os.path.join(config.test_source_root, "Inputs")
config.substitutions += [
    ("%rewrite", config.battgpu_rewrite),
    ("%flags", flags),
    # Every rewritten output is compiled: with clang 19, and with the project's compiler.
    ("%clang-compiles", " ".join([config.clangxx, flags, "-fsyntax-only", clang_warnings])),
    ("%cxx-compiles", " ".join([config.cxx, flags, "-fsyntax-only", cxx_warnings])),
    ("%expect-exit", config.python + " " + os.path.join(inputs, "expect_exit.py")),
    ("%line-endings", config.python + " " + os.path.join(inputs, "line_endings.py")),
    ("%inputs", inputs),
    ("%root", config.battgpu_root),
    ("%python", config.python),
]
