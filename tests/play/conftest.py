"""What the server's tests share: a database on SQLite, and on PostgreSQL when
one is at hand, and a server with client seeds allowed (development mode)."""

import os
import secrets

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from kriegsspiel.play.web.app import create_app

PG = os.environ.get("KRIEGSSPIEL_TEST_PG")  # postgresql://user@host:port/db, set by .ci/run


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """Every test runs on SQLite, and on PostgreSQL when one is at hand."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/k.sqlite"
    if not PG:
        pytest.skip("no PostgreSQL for the tests (KRIEGSSPIEL_TEST_PG)")
    name = f"k_{secrets.token_hex(6)}"
    admin = create_engine(PG.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return PG.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def client(db):
    with TestClient(create_app(db, dev=True)) as c:
        yield c
