"""``make run`` end to end: its own PostgreSQL and Redis, the demo campaign served, and Ctrl-C leaves nothing behind."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from campaigns.services.demo import CAMPAIGN_NAME, DEMO_LOGINS, DEMO_PASSWORD
from siege_site.stack import BASE_DIR, free_port
from tests.waiting import answers, wait_until

pytestmark = pytest.mark.xdist_group("make_run")
"""One test process runs these tests and those of ``make superuser``: they share ``make run``'s data."""


def while_running(done: Callable[[], bool], process: subprocess.Popen[str]) -> Callable[[], bool]:
    """``done``, checked while ``make run`` keeps running: its stopping first fails the wait at once."""

    def finished() -> bool:
        if done():
            return True
        assert process.poll() is None, f"make run stopped early with exit code {process.returncode}"
        return False

    return finished


def wait_for(base: str, process: subprocess.Popen[str]) -> None:
    wait_until(while_running(lambda: answers(base, timeout=2), process), 180, f"{base} answering")


def wait_for_line(log: Path, line: str, process: subprocess.Popen[str]) -> None:
    """Until ``make run`` has printed ``line``: it prints what follows its web server's start once it has seen that
    server answer, which on a busy machine may come after this test's own first requests."""
    wait_until(while_running(lambda: line in log.read_text(), process), 120, f"make run printing {line!r}")


def log_in(base: str, username: str) -> str:
    """The page a demo player lands on after logging in through the real login form."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = opener.open(f"{base}/accounts/login/", timeout=60).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    form = {"csrfmiddlewaretoken": token.group(1), "username": username, "password": DEMO_PASSWORD}
    request = urllib.request.Request(
        f"{base}/accounts/login/", data=urllib.parse.urlencode(form).encode(), headers={"Referer": base}
    )
    return opener.open(request, timeout=60).read().decode()


def started_for(launcher: subprocess.Popen[str], var_dir: Path) -> list[psutil.Process]:
    """What ``make run`` started: its children (Redis, Celery, the web server) and PostgreSQL, which daemonises."""
    children = psutil.Process(launcher.pid).children(recursive=True)
    postgres = [p for p in psutil.process_iter(["cmdline"]) if str(var_dir) in " ".join(p.info["cmdline"] or [])]
    return children + postgres


def still_running(processes: list[psutil.Process]) -> list[psutil.Process]:
    return [p for p in processes if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def test_make_run_serves_the_demo_and_ctrl_c_stops_every_process(server_dir: Path) -> None:
    var_dir, port = server_dir / "var", free_port()
    # Its own embedded servers, not the test suite's.
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env |= {"SIEGE_VAR_DIR": str(var_dir), "PORT": str(port)}
    log = server_dir / "run.log"
    # A file, not a pipe: a server left running would hold a pipe open and hide the failure behind a time-out.
    with log.open("w") as out:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "siege_site.stack", "run"],
            env=env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, text=True, start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base, launcher)
        organiser = next(login.username for login in DEMO_LOGINS if login.role == "organiser")
        assert CAMPAIGN_NAME in log_in(base, organiser)
        started = started_for(launcher, var_dir)
        names = {p.name() for p in started}
        assert {"postgres", "redis-server", "python"} <= names, names
        wait_for_line(log, f"  {DEMO_LOGINS[-1].username:<14} {DEMO_LOGINS[-1].role.label}", launcher)
    finally:
        launcher.send_signal(signal.SIGINT)
        launcher.wait(timeout=120)
    output = log.read_text()
    assert launcher.returncode == 0, output
    # the address and the logins come last, after the web server's start-up lines, nothing between them; only the
    # requests of this test's login follow them
    started_at = output.index("Starting development server")
    address_at = output.index(f"  Siege campaigns on http://127.0.0.1:{port}/")
    assert started_at < address_at, output
    block = output[address_at:].split("Stopping…")[0].splitlines()
    logins = [f"  {login.username:<14} {login.role.label}" for login in DEMO_LOGINS]
    assert block[: 6 + len(logins)] == [
        f"  Siege campaigns on http://127.0.0.1:{port}/  (Ctrl-C stops everything)",
        f"  Task workers' logs: {var_dir / 'worker.log'}, {var_dir / 'simulation-worker.log'}",
        f"  E-mails it sends: {var_dir / 'mail'}/",
        "",
        f"Demo campaign: {CAMPAIGN_NAME}",
        f"Demo logins (password: {DEMO_PASSWORD}):",
        *logins,
    ], output
    assert all(re.search(r'"(GET|POST) /', line) for line in block[6 + len(logins) :] if line.strip()), output
    # the demo's e-mails (its turn notices) went to files, none to the terminal
    assert "Subject:" not in output
    mails = [path.read_text() for path in (var_dir / "mail").iterdir()]
    assert any("To: alice@example.org" in mail for mail in mails), mails
    # one worker for turns, one for simulations, each on its own queue, each logging to its own file
    assert "turns@" not in output, output
    assert "simulations@" not in output, output
    assert ".> siege " in (var_dir / "worker.log").read_text()
    assert "turns@" in (var_dir / "worker.log").read_text()
    assert ".> siege.simulations " in (var_dir / "simulation-worker.log").read_text()
    assert "simulations@" in (var_dir / "simulation-worker.log").read_text()
    # each worker is alone on its queues: it waits for no neighbour at start
    assert "mingle" not in (var_dir / "worker.log").read_text() + (var_dir / "simulation-worker.log").read_text()
    assert still_running(started) == []


def launch(server_dir: Path, preexec: Callable[[], object] | None = None) -> tuple[subprocess.Popen[str], Path, Path]:
    """``make run`` on embedded servers of its own under ``server_dir``, its output in a file; ready to serve when
    this returns. Its data may be a previous ``make run``'s, stopped: it starts again on it, as it does for a club."""
    var_dir, port = server_dir / "var", free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env |= {"SIEGE_VAR_DIR": str(var_dir), "PORT": str(port)}
    log = server_dir / "run.log"
    with log.open("w") as out:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "siege_site.stack", "run"],
            env=env, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, text=True, start_new_session=True,
            preexec_fn=preexec,
        )  # fmt: skip
    try:
        wait_for(f"http://127.0.0.1:{port}", launcher)
    except BaseException:
        launcher.kill()
        raise
    return launcher, var_dir, log


def ignore_sigint() -> None:
    """As a shell script's background job starts: SIGINT ignored, handed down ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_make_run_started_from_a_script_stops_everything_on_each_stop_signal(
    make_run_dir: Path, stop_signal: signal.Signals
) -> None:
    launcher, var_dir, log = launch(make_run_dir, preexec=ignore_sigint)
    started = started_for(launcher, var_dir)
    launcher.send_signal(stop_signal)
    try:
        launcher.wait(timeout=120)
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
    assert launcher.returncode == 0, log.read_text()
    assert still_running(started) == []


def test_killing_the_workers_main_process_stops_make_run_and_leaves_no_pool_process(make_run_dir: Path) -> None:
    launcher, var_dir, log = launch(make_run_dir)
    started = started_for(launcher, var_dir)
    workers = [p for p in psutil.Process(launcher.pid).children() if "celery" in " ".join(p.cmdline())]
    assert len(workers) == 2, "a worker for turns, one for simulations"
    (worker,) = [p for p in workers if "turns@%h" in p.cmdline()]
    pool = [child for w in workers for child in w.children(recursive=True)]
    assert pool, "the workers have pool processes"
    worker.kill()
    try:
        launcher.wait(timeout=120)
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
    output = log.read_text()
    assert launcher.returncode == 1, output
    assert "the Celery worker stopped (exit -9); stopping everything" in output
    assert still_running(pool + started) == []
