"""The compiled accelerators of the research adapters (``cardtable.rl.compiled``).

Everything else about the package is declared in ``pyproject.toml``. Each accelerator is
*optional*: where it cannot be compiled (no C compiler), the install goes on and the
adapters use their pure-Python encoders, which give the same observations."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SOURCES = sorted(Path("src/cardtable/rl/compiled").glob("*.pyx"))

extensions = [
    Extension(f"cardtable.rl.compiled.{path.stem}", [str(path)], optional=True) for path in SOURCES
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
        quiet=True,
    )
)
