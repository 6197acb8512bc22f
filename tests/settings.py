"""The site's settings for the tests: production's, with a fast password hasher and live pages that ask for news
more often.

Production hashes a password with PBKDF2 at a million iterations, about half a second each; the tests make
hundreds of accounts. A hash from production's hashers is still checked, so a process started with
``siege_site.settings`` and the tests can share accounts.
"""

from django.conf import global_settings

from siege_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]

# The browser tests wait on what live pages fetch; a quarter of production's pace, the app's actions still each
# shown on its own (tests/browser/test_solo.py records every board the page swaps in).
PACE = {part: every // 4 for part, every in PACE.items()}  # noqa: F405
