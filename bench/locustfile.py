"""Members of a club browsing their campaign, for Locust (``bench/members_load.py`` starts the site and runs it).

Each simulated member logs in once, on starting (the ramp spreads the logins out: PBKDF2 is meant to be slow), then
reads the campaign, its orders, battles and standings, the odds pages, the API and the tracker's list, 1–3 s apart.
Every member has an address of its own, as behind the site's HTTPS proxy (``BEHIND_HTTPS_PROXY``), so that the
odds pages' budget per address is each member's.

    LOAD_USERNAMES=alice,bruno,… LOAD_PASSWORD=… locust -f bench/locustfile.py --host http://127.0.0.1:8000

The logins' times are kept apart from the pages' (``LOAD_LOGINS_FILE``, one time in ms a line): they happen while
the members arrive. Once all ``LOAD_MEMBERS`` have logged in, the figures start anew and run ``LOAD_SECONDS``.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import threading
import time
from pathlib import Path
from typing import Any

import gevent
from locust import HttpUser, between, events, task
from locust.env import Environment

USERNAMES = [name for name in os.environ.get("LOAD_USERNAMES", "").split(",") if name]
PASSWORD = os.environ.get("LOAD_PASSWORD", "")
LOGINS_FILE = os.environ.get("LOAD_LOGINS_FILE", "")
MEMBERS = int(os.environ.get("LOAD_MEMBERS", "0") or len(USERNAMES))
SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
SERVER_PID = int(os.environ.get("LOAD_SERVER_PID", "0") or 0)
CPU_FILE = os.environ.get("LOAD_CPU_FILE", "")

_next_member = itertools.count()
_logins: list[float] = []
_logins_lock = threading.Lock()
_arrived: list[str] = []


def server_cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the server's workers, the children of ``pid``, have used so far (Linux)."""
    total = 0
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime and stime, the stat file's 14th and 15th fields
    return total / os.sysconf("SC_CLK_TCK")


def _measure(environment: Environment) -> None:
    """Every member is in: the figures so far (the logins' storm) are dropped, and the run ends ``SECONDS`` later,
    with the CPU time the server's workers used meanwhile written to ``LOAD_CPU_FILE``."""
    environment.stats.reset_all()
    cpu_at_start = server_cpu_seconds(SERVER_PID) if SERVER_PID else 0.0

    def stop() -> None:
        gevent.sleep(SECONDS)
        if SERVER_PID and CPU_FILE:
            Path(CPU_FILE).write_text(f"{server_cpu_seconds(SERVER_PID) - cpu_at_start:.2f}\n")
        if environment.runner is not None:
            environment.runner.quit()

    gevent.spawn(stop)


class Member(HttpUser):
    wait_time = between(1, 3)

    def on_start(self) -> None:
        number = next(_next_member)
        self.username = USERNAMES[number % len(USERNAMES)]
        origin = self.host or ""
        self.proxied = origin.replace("http://", "https://", 1)
        self.client.headers.update(
            {"X-Forwarded-For": f"10.0.{number // 250}.{number % 250 + 1}", "X-Forwarded-Proto": "https"}
        )
        form = self.client.get("/accounts/login/", name="start: login form").text
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        if token is None:
            raise RuntimeError("the login page has no CSRF token")
        started = time.perf_counter()
        with self.client.post(
            "/accounts/login/",
            data={"csrfmiddlewaretoken": token.group(1), "username": self.username, "password": PASSWORD},
            headers={"Referer": f"{self.proxied}/accounts/login/"},
            name="login",
            allow_redirects=False,
            catch_response=True,
        ) as answer:
            if answer.status_code != 302:
                answer.failure(f"{self.username} not logged in (HTTP {answer.status_code})")
        with _logins_lock:
            _logins.append((time.perf_counter() - started) * 1000)
        listing = self.client.get("/campaigns/", name="start: campaign list").text
        found = re.search(r'href="/campaigns/(\d+)/"', listing)
        if found is None:
            raise RuntimeError(f"{self.username} sees no campaign")
        self.campaign = found.group(1)
        odds = self.client.get("/odds/", name="start: odds index").text
        self.mechanics = sorted(set(re.findall(r'href="/odds/([a-z0-9-]+)/"', odds))) or ["ladder-pushback"]
        with _logins_lock:
            _arrived.append(self.username)
            everyone = len(_arrived) == MEMBERS
        if everyone:
            _measure(self.environment)

    def page(self, path: str, name: str) -> None:
        with self.client.get(path, name=name, allow_redirects=False, catch_response=True) as answer:
            if answer.status_code != 200:
                answer.failure(f"HTTP {answer.status_code}")

    @task(3)
    def campaign_page(self) -> None:
        self.page(f"/campaigns/{self.campaign}/", "campaign")

    @task(2)
    def orders(self) -> None:
        self.page(f"/campaigns/{self.campaign}/orders/", "orders")

    @task(2)
    def battles(self) -> None:
        self.page(f"/campaigns/{self.campaign}/battles/", "battles")

    @task(2)
    def standings(self) -> None:
        self.page(f"/campaigns/{self.campaign}/standings/", "standings")

    @task(1)
    def odds_index(self) -> None:
        self.page("/odds/", "odds index")

    @task(1)
    def odds_mechanic(self) -> None:
        self.page(f"/odds/{random.choice(self.mechanics)}/", "odds mechanic")

    @task(1)
    def api_campaign(self) -> None:
        self.page(f"/api/campaigns/{self.campaign}/", "api campaign")

    @task(1)
    def api_battles(self) -> None:
        self.page(f"/api/campaigns/{self.campaign}/battles/", "api battles")

    @task(1)
    def api_standings(self) -> None:
        self.page(f"/api/campaigns/{self.campaign}/standings/", "api standings")

    @task(1)
    def tracker_list(self) -> None:
        self.page("/tracker/", "tracker list")


@events.quitting.add_listener
def _write_logins(environment: Any, **kwargs: Any) -> None:
    if LOGINS_FILE:
        Path(LOGINS_FILE).write_text("".join(f"{ms:.1f}\n" for ms in _logins))
