"""The site's settings for the tests: production's, with a fast password hasher and live pages that ask for news
more often.

Production hashes a password with PBKDF2 at a million iterations, about half a second each; the tests make
hundreds of accounts. A hash from production's hashers is still checked, so a process started with
``siege_site.settings`` and the tests can share accounts.
"""

import os

from django.conf import global_settings

from siege_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]

# The browser tests wait on what live pages fetch; a quarter of production's pace, the app's actions still each
# shown on its own (tests/browser/test_solo.py records every board the page swaps in).
PACE = {part: every // 4 for part, every in PACE.items()}  # noqa: F405

# The test processes share one Redis: each xdist worker keeps its cache under its own prefix, so that what one test
# caches (the health check's answer, a throttle's count) is not read by a test running at the same time in another
# worker. The processes a test starts (its Celery worker, a web server) inherit the prefix through the environment.
os.environ["CACHE_KEY_PREFIX"] = "test-" + os.environ.get("PYTEST_XDIST_WORKER", "main")
CACHES = {**CACHES, "default": {**CACHES["default"], "KEY_PREFIX": os.environ["CACHE_KEY_PREFIX"]}}  # noqa: F405
