"""``/healthz``: is the process up, can it reach its database, and do its bots keep up."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from cardtable.server.house import House


async def healthz(request: Request) -> JSONResponse:
    """Liveness and readiness in one: 200 when the store answers, 503 otherwise. Bots
    that fall behind (a move waiting over ``autoplay.DEGRADED_AFTER`` seconds) make it
    say ``"status": "degraded"``, still with 200: the server is alive and serves people,
    and restarting it would bring the same tables back (docs/server.md)."""
    house: House = request.app.state.house
    try:
        await house.store.ping()
    except Exception as error:
        return JSONResponse({"status": "error", "detail": str(error)}, status_code=503)
    bots = house.workers.report()
    return JSONResponse(
        {
            "status": "degraded" if bots.degraded else "ok",
            "live_tables": len(house.live),
            "bots": bots.to_json(),
        }
    )
