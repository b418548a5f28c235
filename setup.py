"""The optional compiled search core; everything else about the package is in pyproject.toml.

``optional=True``: where no C compiler (or no Python.h) is found, the build says so and the
install goes on without it, and the pure-Python search core is used (see docs/reference/solver.md).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("dealgen.solve._tableau_core", ["dealgen/solve/_tableau_core.c"], optional=True)])
