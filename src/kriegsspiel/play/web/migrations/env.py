"""Alembic environment: the database URL comes from the server's configuration."""

from alembic import context
from sqlalchemy import engine_from_config, pool

from kriegsspiel.play.web.tables import metadata

config = context.config
connectable = config.attributes.get("connection")
if connectable is None:
    engine = engine_from_config(
        config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.", poolclass=pool.NullPool
    )
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connectable, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
