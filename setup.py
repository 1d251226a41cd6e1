"""Build script. The metadata is in setup.cfg; this file only adds the compiled solver.

The modules a solver search spends its time in are compiled by Cython from their own sources, unchanged, when
a wheel is built (``pip install .``): about 1.35 times as many positions a second in Klondike (the figures are
in docs/winnability.md). Where they cannot be compiled (no C compiler, no Python headers, or
``REUSSITE_PURE=1`` in the environment), the wheel is pure Python: the same code, the same verdicts, slower.
An editable install (``pip install -e .``) is never compiled, so that an edited source is what runs.
"""

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The solver's hot path (docs/winnability.md, "The compiled solver"): compiled as they are, nothing else.
ACCELERATED = [
    "reussite/position.py",
    "reussite/movegen.py",
    "reussite/game.py",
    "reussite/solver/search.py",
    "reussite/solver/derive.py",
    "reussite/solver/companion.py",
    "reussite/solver/walk.py",
    "reussite/solver/shorten.py",
]


class OptionalBuildExt(build_ext):
    """Compile each module where the machine can; a module that fails stays pure Python."""

    def run(self):
        if getattr(self, "editable_mode", False) or os.environ.get("REUSSITE_PURE"):
            return
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: the solver is pure Python")
            return
        # Annotations are documentation here, not C types: the compiled code must mean what the source
        # means. The C files go to the build folder, not beside the sources.
        self.extensions = cythonize(self.extensions, build_dir=self.build_temp, quiet=True,
                                    compiler_directives={"language_level": 3, "annotation_typing": False})
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().run()

    def build_extension(self, ext):
        if self.compiler.compiler_type == "unix":
            ext.extra_compile_args = ["-g0"]  # no debug symbols: a fifth of the size
        try:
            super().build_extension(ext)
        except Exception as error:  # a missing compiler or header: that module is used from its source
            self.warn(f"{ext.name} not compiled ({error}); its pure-Python source is used")


setup(ext_modules=[Extension(path[:-3].replace("/", "."), [path]) for path in ACCELERATED],
      cmdclass={"build_ext": OptionalBuildExt})
