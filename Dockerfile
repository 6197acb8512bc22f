FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY siege_site siege_site
COPY rules rules
COPY bots bots
COPY campaigns campaigns
RUN pip install --no-cache-dir .
COPY . .
# a throwaway key: collectstatic signs nothing, but production settings refuse a weak one
RUN SECRET_KEY="$(python -c "import secrets; print(secrets.token_urlsafe(50))")" python manage.py collectstatic --no-input -v 0
RUN useradd --system --home /app siege && chown -R siege /app
USER siege
EXPOSE 8000
CMD ["gunicorn", "siege_site.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
