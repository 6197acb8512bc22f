"""The Celery app: Redis as broker and result store, tasks found in the Django apps."""

import os

from celery import Celery
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "siege_site.settings")

app = Celery("siege_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

QUEUE_ERRORS: tuple[type[Exception], ...] = (OperationalError, RedisError, OSError, RuntimeError)
"""What handing a task over raises when Redis cannot be reached in time (see the timeouts in the settings): the
broker's OperationalError, a socket's error or timeout, and the RuntimeError of the result store's consumer, which
follows each task sent and gives up once its one reconnection fails."""


@app.task(name="siege_site.ping")
def ping() -> str:
    """Answers through the broker and the result store: the round trip the health check and tests rely on."""
    return "pong"
