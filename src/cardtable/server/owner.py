"""The requests a table's owner answers for connections on other processes (cluster.py,
remote.py): the same calls a local connection makes on its ``LiveTable``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.server.cluster import Cluster
from cardtable.server.errors import NOT_OWNER, NOT_YOUR_SEAT, ProtocolError
from cardtable.server.house import House
from cardtable.server.live import LiveTable


class Owner:
    def __init__(self, house: House, cluster: Cluster) -> None:
        self.house = house
        self.cluster = cluster
        # Connections elsewhere that joined a table here: handle -> (table, leave, the
        # process holding the connection).
        self._joined: dict[str, tuple[str, Callable[[], None], str]] = {}
        for op in ("join", "part", "act", "say", "leave", "seated", "rematch"):
            cluster.on(op, getattr(self, op))
        cluster.after_renewal(self.part_the_dead)

    def table(self, body: dict[str, Any]) -> LiveTable:
        table = self.house.live.get(str(body.get("table")))
        if table is None or table.closed:
            raise ProtocolError(NOT_OWNER, "This table is not served here any more; reconnect")
        return table

    async def join(self, body: dict[str, Any]) -> dict[str, Any]:
        table = self.table(body)
        audience = body["audience"]
        if audience is not None and not (
            isinstance(audience, int) and 0 <= audience < len(table.record.seats)
        ):
            raise ProtocolError(NOT_YOUR_SEAT, "No such seat")
        first: list[str] = []
        # The first delivery is the joining connection's state; later ones reach it over
        # the table's channel, rendered once for every connection elsewhere.
        leave = table.join(
            audience,
            lambda m: first.extend(m) if not first else None,
            body.get("since"),
            int(body.get("most", 0)),
        )
        self._joined[str(body["handle"])] = (table.id, leave, str(body.get("from", "")))
        self.cluster.remote_watchers[table.id] += 1
        return {"m": first, "s": self.cluster.seq[table.id], "v": table.version}

    async def part(self, body: dict[str, Any]) -> None:
        joined = self._joined.pop(str(body.get("handle")), None)
        if joined is None:
            return
        table_id, leave, _ = joined
        leave()
        if self.cluster.remote_watchers[table_id] > 0:
            self.cluster.remote_watchers[table_id] -= 1
        table = self.house.live.get(table_id)
        if table is not None:
            self.house.release(table)

    async def part_the_dead(self) -> None:
        """The connections of a process that died (kill -9: it never said ``part``) leave
        their tables here: else their seats would stay present, and their away clocks
        would never run."""
        dead = await self.cluster.dead(node for _, _, node in self._joined.values())
        for handle in [h for h, (_, _, node) in self._joined.items() if node in dead]:
            await self.part({"handle": handle})

    async def act(self, body: dict[str, Any]) -> None:
        await self.table(body).act(int(body["seat"]), int(body["version"]), body.get("action"))

    async def say(self, body: dict[str, Any]) -> None:
        table = self.table(body)
        user = await self.house.store.user(body["user"]) if body.get("user") else None
        await table.say(body.get("seat"), str(body["text"]), user)

    async def leave(self, body: dict[str, Any]) -> None:
        await self.table(body).leave(int(body["seat"]))

    async def seated(self, body: dict[str, Any]) -> None:
        table = self.table(body)
        table.seated(int(body["seat"]), str(body["token_hash"]), body.get("user"), body.get("name"))

    async def rematch(self, body: dict[str, Any]) -> str:
        return await self.house.rematch_id(self.table(body))
