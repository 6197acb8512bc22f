"""The Celery app: Redis as broker and result store, tasks found in the Django apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "siege_site.settings")

app = Celery("siege_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="siege_site.ping")
def ping() -> str:
    """Answers through the broker and the result store: the round trip the health check and tests rely on."""
    return "pong"
