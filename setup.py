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


#: The native search core (reussite/solver/native.py): typed Cython with no Python source of its own, so it is
#: compiled for an editable install too (where it is absent, the Python search runs every game).
NATIVE = "reussite/solver/_native.pyx"


class OptionalBuildExt(build_ext):
    """Compile each module where the machine can; a module that fails stays pure Python."""

    def run(self):
        if os.environ.get("REUSSITE_PURE"):
            return
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: the solver is pure Python")
            return
        editable = getattr(self, "editable_mode", False)
        # An editable install runs the sources as they are: only the core, which has none, is compiled.
        accelerated = [ext for ext in self.extensions if ext.sources[0] != NATIVE]
        native = [ext for ext in self.extensions if ext.sources[0] == NATIVE]
        # Annotations are documentation in the accelerated modules, not C types: the compiled code must mean
        # what the source means. The C files go to the build folder, not beside the sources.
        try:
            self.extensions = cythonize(native, build_dir=self.build_temp, quiet=True,
                                        compiler_directives={"language_level": 3})
        except Exception as error:  # a Cython too old for it: every game gets the Python search
            self.warn(f"the native search core is not compiled ({error})")
            self.extensions = []
        if not editable:
            self.extensions += cythonize(accelerated, build_dir=self.build_temp, quiet=True,
                                         compiler_directives={"language_level": 3, "annotation_typing": False})
        # setuptools marks its extensions when it finalizes the command (editable installs read the marks):
        # cythonize's copies get the originals' marks.
        marks = {ext.name: ext.__dict__ for ext in (*native, *accelerated)}
        for ext in self.extensions:
            for name, value in marks.get(ext.name, {}).items():
                if name.startswith("_") and not hasattr(ext, name):
                    setattr(ext, name, value)
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().run()

    def build_extension(self, ext):
        if self.compiler.compiler_type == "unix":
            ext.extra_compile_args = ["-g0", "-O2"]  # no debug symbols: a fifth of the size
        try:
            super().build_extension(ext)
        except Exception as error:  # a missing compiler or header: that module is used from its source
            self.warn(f"{ext.name} not compiled ({error}); its pure-Python source is used")


setup(ext_modules=[Extension(path.rsplit(".", 1)[0].replace("/", "."), [path]) for path in (*ACCELERATED, NATIVE)],
      cmdclass={"build_ext": OptionalBuildExt})
