"""Static files: hashed and compressed once ``collectstatic`` has run, plain names before it."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Without a manifest (``collectstatic`` never ran), pages name the files as they are in the app folders,
    which WhiteNoise then serves from there (``WHITENOISE_USE_FINDERS``), instead of failing every page."""

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:
            return name
        return str(super().stored_name(name))
