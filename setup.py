"""Compiled code, all of it optional (docs/engines.md, "Compiled engines"):

- the engines: ``core``, each game's rules and the search's hot loop, compiled by Cython
  from their own typed ``.py`` source with plain-Python semantics (annotations are not
  enforced, so a bad argument still gets the engine's own error); ``cardtable.native``
  runs the source instead when ``CARDTABLE_PURE_PYTHON`` is set or the source is newer;
- the research adapters' accelerators: ``cardtable.rl.compiled`` and each game package's
  ``compiled.pyx`` (its observer).

Everything else about the package is declared in ``pyproject.toml``. Where a module cannot
be translated or compiled (no C compiler), the install goes on without it and the pure
Python runs, with the same results."""

import sys
from pathlib import Path

import numpy
from Cython.Build import cythonize
from Cython.Compiler.Errors import CompileError
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path("src")
ACCELERATORS = sorted(
    [*ROOT.glob("cardtable/rl/compiled/*.pyx"), *ROOT.glob("cardtable/games/*/compiled.pyx")]
)
# The rules, the search and the bots' policies; a game's text, labs, lessons and research
# encoder are not on the hot path and stay interpreted (as does every package's __init__).
NOT_ENGINE = {"__init__.py", "labs.py", "learn.py", "text.py", "encoder.py", "package.py"}
ENGINES = sorted(
    path
    for path in [
        *ROOT.glob("cardtable/core/*.py"),
        *ROOT.glob("cardtable/games/*/*.py"),
        *ROOT.glob("cardtable/games/*/bots/*.py"),
        ROOT / "cardtable/bots/ismcts.py",
        ROOT / "cardtable/bots/search.py",
    ]
    if path.name not in NOT_ENGINE
)
ACCELERATOR_DIRECTIVES = {"boundscheck": False, "wraparound": False, "cdivision": True}
# Plain Python semantics: the engines' contract (a clear IllegalAction for any bad input)
# must hold compiled too, so annotations are read as documentation, not as C types.
ENGINE_DIRECTIVES = {"annotation_typing": False}


class OptionalBuild(build_ext):
    """Leaves out an optional module that does not compile. setuptools' own filter for
    optional extensions misses its compilers' newer ``CompileError`` class, so without a C
    compiler the install failed instead of going on in pure Python."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            if not ext.optional:
                raise
            print(
                f"warning: {ext.name} not compiled (pure Python instead): {error}", file=sys.stderr
            )


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def compiled(path: Path, directives: dict[str, bool], **build: object) -> list[Extension]:
    extension = Extension(module_name(path), [str(path)], optional=True, **build)
    try:
        built = cythonize([extension], language_level=3, compiler_directives=directives, quiet=True)
    except CompileError as error:
        print(f"warning: {path} left out (pure Python instead): {error}", file=sys.stderr)
        for stale in path.parent.glob(f"{path.stem}.*.so"):  # an editable install's old build
            stale.unlink()
        return []
    for ext in built:  # cythonize's copies drop the flag: without it no compiler failed the install
        ext.optional = True
    return built


def accelerator(path: Path) -> list[Extension]:
    return compiled(
        path,
        ACCELERATOR_DIRECTIVES,
        include_dirs=[numpy.get_include()],  # arrays are written through numpy's C API
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )


setup(
    ext_modules=[
        *(ext for path in ACCELERATORS for ext in accelerator(path)),
        *(ext for path in ENGINES for ext in compiled(path, ENGINE_DIRECTIVES)),
    ],
    cmdclass={"build_ext": OptionalBuild},
    # Two C compilers at once: the engines are some forty modules.
    options={"build_ext": {"parallel": 2}},
)
