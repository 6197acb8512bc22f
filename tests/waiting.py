"""Waiting, in a test, on what another process does: a condition polled until a generous deadline, never a fixed
sleep, and a web server that a test started answering."""

from __future__ import annotations

import time
from collections.abc import Callable

import requests


def wait_until(condition: Callable[[], object], seconds: float, what: str) -> None:
    """Until ``condition()`` holds, polled every 0.2 s; past ``seconds``, a failure that names ``what``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.2)


def answers(base: str, timeout: float = 10) -> bool:
    """Whether the web server at ``base`` serves its login page; not yet while it is not listening, or too busy
    starting to answer within ``timeout`` seconds."""
    try:
        return requests.get(f"{base}/accounts/login/", timeout=timeout).status_code == 200
    except requests.RequestException:
        return False
