"""The Celery app: Redis as broker and result store, tasks found in the Django apps."""

import os
from typing import Any

from celery import Celery
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "siege_site.settings")

app = Celery("siege_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

SIMULATION_TASKS = frozenset({"simulations.play_chunk", "simulations.advise"})


def simulation_queue(default_queue: str) -> str:
    """The queue of the simulations' games, beside the default queue of turn resolutions and beat's tasks."""
    return f"{default_queue}.simulations"


def route(name: str, args: Any, kwargs: Any, options: Any, task: Any = None, **kw: Any) -> dict[str, str] | None:
    """Simulations go to a queue of their own, served by workers of their own: however many games are waiting there,
    a turn's resolution is taken up at once by the workers of the default queue."""
    if name in SIMULATION_TASKS:
        return {"queue": simulation_queue(app.conf.task_default_queue)}
    return None


app.conf.task_routes = (route,)

QUEUE_ERRORS: tuple[type[Exception], ...] = (OperationalError, RedisError, OSError, RuntimeError)
"""What handing a task over raises when Redis cannot be reached in time (see the timeouts in the settings): the
broker's OperationalError, a socket's error or timeout, and the RuntimeError of the result store's consumer, which
follows each task sent and gives up once its one reconnection fails."""


@app.task(name="siege_site.ping")
def ping() -> str:
    """Answers through the broker and the result store: the round trip the health check and tests rely on."""
    return "pong"
