"""Per-client allowances (token buckets): how many requests, or new games, one
client may make in a while. A client is its IPv4 address, or the /64 network
of its IPv6 address (one household or server holds a whole /64, so counting
addresses one by one would let it step round every limit). Clients that have
been quiet long enough to have their whole allowance back are forgotten, so
that a flood from many addresses leaves nothing behind."""

from __future__ import annotations

import ipaddress
import time

MOST_CLIENTS = 10_000
"""Above this many clients remembered, those with their whole allowance back are forgotten."""


def client_key(address: str) -> str:
    """The client an address belongs to: the address itself (IPv4, or a name such as a
    test client's), or its IPv6 /64 network; an IPv4 address written as IPv6 (``::ffff:a.b.c.d``,
    as a dual-stack listener or proxy gives it) is that IPv4 address."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


class Allowance:
    """Token buckets by client: ``burst`` at most, ``rate`` more a second."""

    def __init__(self, rate: float, burst: float, most: int = MOST_CLIENTS):
        self.rate, self.burst, self.most = rate, burst, most
        self.buckets: dict[str, list[float]] = {}  # client -> [allowance, when it was counted]

    def take(self, address: str, now: float | None = None) -> bool:
        """Whether the client may make one more; if so, it is counted."""
        now = time.monotonic() if now is None else now
        key = client_key(address)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self.forget(now)
            bucket = self.buckets[key] = [self.burst, now]
        bucket[0] = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)
        bucket[1] = now
        if bucket[0] < 1:
            return False
        bucket[0] -= 1
        return True

    def forget(self, now: float) -> None:
        """Forget the clients whose whole allowance is back; if that is not enough, those
        counted longest ago, down to half the limit (they get their whole allowance back)."""
        full = [k for k, (left, when) in self.buckets.items() if left + (now - when) * self.rate >= self.burst]
        for k in full:
            del self.buckets[k]
        if len(self.buckets) >= self.most:
            oldest = sorted(self.buckets, key=lambda k: self.buckets[k][1])
            for k in oldest[: len(self.buckets) - self.most // 2]:
                del self.buckets[k]
