"""``cardtable serve``: the app under uvicorn."""

from __future__ import annotations

import gc
import logging
import re
from typing import Any

import uvicorn

from cardtable.server.app import create_app
from cardtable.server.settings import HARD_MESSAGE_LIMIT, Settings

# The garbage collector's full passes stopped the event loop for 100-280 ms every few
# seconds under load (bench/load.py: p99 160-230 ms, every other step a few ms). Startup's
# objects (modules, classes, routes) are frozen out of its scans, and young collections come
# less often, so the old generation is scanned every few minutes instead: p99 57 ms.
GC_THRESHOLDS = (20_000, 50, 100)
# Secrets that travel in a URL's query: seat tokens (the WebSocket URL, the protocol says
# so) and private tables' invite keys (the invite link).
TOKEN = re.compile(r"((?:token|invite)=)[^&\s\"']+")


class HideTokens(logging.Filter):
    """Seat tokens and invite keys must not end up in logs, where anyone reading them could
    take the seat or open the private table."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                TOKEN.sub(r"\1…", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    forwarded_allow_ips: str | None = None,
    **settings: Any,
) -> None:
    """Serve until interrupted; ``settings`` are ``Settings`` fields (db, bot_delay, …).
    ``forwarded_allow_ips``: the proxies whose X-Forwarded-For/-Proto are believed (the
    client's address for rate limits, https for Secure cookies); None: uvicorn's default,
    $FORWARDED_ALLOW_IPS or else loopback (a proxy on the same machine)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    config = uvicorn.Config(
        create_app(Settings(**settings)),
        host=host,
        port=port,
        # Frames up to this size reach the app, which answers "too_large" above
        # settings.max_message_bytes; bigger ones are cut off by the protocol layer.
        ws_max_size=HARD_MESSAGE_LIMIT,
        # Messages are 1-2 KB; compressing each one cost the event loop more CPU per move
        # than anything but the engine, and a zlib context per connection in memory.
        ws_per_message_deflate=False,
        log_level="info",
        forwarded_allow_ips=forwarded_allow_ips,
    )
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(HideTokens())
    uvicorn.Server(config).run()
