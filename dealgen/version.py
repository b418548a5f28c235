"""The package's version, as installed (``0.0.0+source`` in a source tree never installed)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dealgen")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
