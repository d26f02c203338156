"""The compiled accelerators of the research adapters: the generic ones in
``cardtable.rl.compiled`` and each game package's ``compiled.pyx`` (its observer).

Everything else about the package is declared in ``pyproject.toml``. Each accelerator is
*optional*: where one cannot be translated or compiled (no C compiler), the install goes
on without it and the adapters use their pure-Python encoders, which give the same
observations."""

import sys
from pathlib import Path

import numpy
from Cython.Build import cythonize
from Cython.Compiler.Errors import CompileError
from setuptools import Extension, setup

ROOT = Path("src")
SOURCES = sorted(
    [*ROOT.glob("cardtable/rl/compiled/*.pyx"), *ROOT.glob("cardtable/games/*/compiled.pyx")]
)
DIRECTIVES = {"boundscheck": False, "wraparound": False, "cdivision": True}


def accelerator(path: Path) -> list[Extension]:
    extension = Extension(
        ".".join(path.relative_to(ROOT).with_suffix("").parts),
        [str(path)],
        include_dirs=[numpy.get_include()],  # arrays are written through numpy's C API
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        optional=True,
    )
    try:
        return cythonize([extension], language_level=3, compiler_directives=DIRECTIVES, quiet=True)
    except CompileError as error:
        print(f"warning: {path} left out (pure Python instead): {error}", file=sys.stderr)
        for stale in path.parent.glob(f"{path.stem}.*.so"):  # an editable install's old build
            stale.unlink()
        return []


setup(ext_modules=[ext for path in SOURCES for ext in accelerator(path)])
