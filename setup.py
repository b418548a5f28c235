"""The optional compiled search core and audit; everything else about the package is in pyproject.toml.

``optional=True``: where no C compiler (or no Python.h) is found, the build says so and the
install goes on without them, and the pure-Python search core and audit are used (see
docs/reference/solver.md).
"""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("dealgen.solve._tableau_core", ["dealgen/solve/_tableau_core.c"], optional=True),
    Extension("dealgen.solve._audit_core", ["dealgen/solve/_audit_core.c"], optional=True),
])
