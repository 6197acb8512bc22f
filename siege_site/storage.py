"""Static files: hashed and compressed once ``collectstatic`` has run, plain names before it."""

from __future__ import annotations

from typing import Any

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Without a manifest (``collectstatic`` never ran), pages name the files as they are in the app folders,
    which WhiteNoise then serves from there (``WHITENOISE_USE_FINDERS``), instead of failing every page."""

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:
            return name
        return str(super().stored_name(name))

    def create_compressor(self, **kwargs: Any) -> Compressor:
        """gzip only, wherever ``collectstatic`` runs: the image installs no brotli, and a machine that has it (the
        test tools bring it) would otherwise also write ``.br`` files, slowly, that the image never serves."""
        return Compressor(use_brotli=False, **kwargs)
