"""Running the server with uvicorn: a request's headers must arrive within a
time limit (a client that sends them a byte at a time holds no connection
for long), websocket messages are small, and X-Forwarded-For is believed
only from the configured proxy."""

from __future__ import annotations

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .app import MAX_SOCKET_MESSAGE

HEADER_SECONDS = 10.0
"""A request's headers must be complete this many seconds after it began."""


class Patient(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline on each request's headers (the
    body's deadline is the app's: ``app.Guard``)."""

    header_seconds = HEADER_SECONDS
    _deadline = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:  # still waiting for headers
            message = b'{"error":"the request\'s headers were sent too slowly"}'
            self.transport.write(
                b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                b"content-length: " + str(len(message)).encode() + b"\r\nconnection: close\r\n\r\n" + message
            )
            self.transport.close()


def config(app, host: str = "127.0.0.1", port: int = 8000, proxy: str | None = None, **extra) -> uvicorn.Config:
    """uvicorn's configuration for ``app``."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=Patient,
        log_level=extra.pop("log_level", "warning"),
        # views are sent whole on every change: compressing each one costs more than it saves on a LAN
        ws_per_message_deflate=False,
        ws_max_size=MAX_SOCKET_MESSAGE,
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy or "",
        server_header=False,
        **extra,
    )


def run(app, host: str = "127.0.0.1", port: int = 8000, proxy: str | None = None) -> None:
    uvicorn.Server(config(app, host, port, proxy)).run()
