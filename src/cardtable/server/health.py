"""``/healthz``: is the process up and can it reach its database."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from cardtable.server.house import House


async def healthz(request: Request) -> JSONResponse:
    """Liveness and readiness in one: 200 when the store answers, 503 otherwise."""
    house: House = request.app.state.house
    try:
        await house.store.ping()
    except Exception as error:
        return JSONResponse({"status": "error", "detail": str(error)}, status_code=503)
    return JSONResponse({"status": "ok", "live_tables": len(house.live)})
