"""``cardtable serve``: the app under uvicorn."""

from __future__ import annotations

import base64
import gc
import logging
import os
import pickle
import re
from typing import Any

import uvicorn
from fastapi import FastAPI

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


SETTINGS_ENV = "CARDTABLE_SERVE_SETTINGS"


def app_from_env() -> FastAPI:
    """The app of one of ``serve``'s worker processes, with the settings it was given."""
    settings = pickle.loads(base64.b64decode(os.environ[SETTINGS_ENV]))  # set by serve
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return create_app(settings)


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
    workers: int = 1,
    **settings: Any,
) -> None:
    """Serve until interrupted; ``settings`` are ``Settings`` fields (db, bot_delay, …).
    ``forwarded_allow_ips``: the proxies whose X-Forwarded-For/-Proto are believed (the
    client's address for rate limits, https for Secure cookies); None: uvicorn's default,
    $FORWARDED_ALLOW_IPS or else loopback (a proxy on the same machine). ``workers``: uvicorn
    runs that many processes on the one socket (a cluster: ``settings['redis']``)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    options: dict[str, Any] = dict(
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
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(HideTokens())
    if workers > 1:
        # uvicorn's worker processes import the app by name; the settings go by environment.
        os.environ[SETTINGS_ENV] = base64.b64encode(pickle.dumps(Settings(**settings))).decode()
        uvicorn.run("cardtable.server.run:app_from_env", factory=True, workers=workers, **options)
        return
    config = uvicorn.Config(create_app(Settings(**settings)), **options)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    uvicorn.Server(config).run()
