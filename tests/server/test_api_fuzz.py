"""Issue 18: no request makes the server fail, and every refusal says why. Schemathesis
generates requests from the server's own OpenAPI document (bodies, paths and queries that
fit it, and ones that do not) and sends them to a real server; each answer must be below
500, and each 4xx must carry ``{"code", "detail"}``. A bounded number of examples per
operation keeps it to a minute on a busy machine. The cases found by hand are kept below
as plain tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.openapi import from_url

from .support import TIMEOUT, Server, any_game

EXAMPLES = 25


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own: the fuzzer creates tables and accounts. Its bots wait, so
    tables it happens to seat with bots cost little CPU."""
    folder = tmp_path_factory.mktemp("fuzz")
    live = Server(folder / "cardtable.db", folder / "server.log", bot_delay=5.0).start()
    yield live
    live.stop()
    assert "Traceback" not in live.log(), live.log()


@pytest.fixture(scope="module")
def api(fuzzed: Server) -> Any:
    return from_url(f"{fuzzed.http}/openapi.json")


def assert_refused_with_a_code(response: Any) -> None:
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body.get("code"), str) and body["code"], response.text
        assert isinstance(body.get("detail"), str) and body["detail"], response.text


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_request_is_answered_below_500_and_every_refusal_has_a_code(
    api: Any, fuzzed: Server, mode: GenerationMode
) -> None:
    """Every documented operation, with requests that fit the document (positive) and
    requests that break it (negative)."""
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 15
    fuzzed_ops = 0
    for operation in operations:

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(generation_mode=mode))
        def answered(case: Any) -> None:
            response = case.call(base_url=fuzzed.http, timeout=TIMEOUT)
            assert_refused_with_a_code(response)

        try:
            answered()
        except Unsatisfiable:
            # Nothing about it can be wrong (GET /api/games takes no input): no negatives.
            assert mode == GenerationMode.NEGATIVE, operation.label
            continue
        fuzzed_ops += 1
    assert fuzzed_ops >= len(operations) // 2


def post(server: Server, path: str, **kwargs: Any) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", timeout=TIMEOUT, **kwargs)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"options": {"self": 1}, "seats": ["human", "human"]}, 422, "bad_options"),
        ({"options": {"snap": "anytime", "colour": 3}, "seats": ["human"] * 2}, 422, None),
        ({"options": [], "seats": ["human", "human"]}, 422, "bad_request"),
        ({"seats": "human"}, 422, "bad_request"),
        ({"seats": ["human", 7]}, 422, "bad_seats"),
        ({"public": "maybe", "seats": ["human", "human"]}, 422, "bad_request"),
    ],
)
def test_bad_table_requests_are_refused_with_a_code(
    fuzzed: Server, body: dict[str, Any], status: int, code: str | None
) -> None:
    response = post(fuzzed, "/api/tables", json={"game": any_game(), **body})
    assert response.status_code == status, response.text
    assert_refused_with_a_code(response)
    if code is not None:
        assert response.json()["code"] == code


def test_json_nested_too_deep_and_unknown_paths_are_refused_with_a_code(
    fuzzed: Server,
) -> None:
    deep = post(
        fuzzed, "/api/tables", content=b"[" * 50_000, headers={"content-type": "application/json"}
    )
    assert deep.status_code == 400 and deep.json()["code"] == "bad_json", deep.text
    broken = post(fuzzed, "/api/tables", content=b"{", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and broken.json()["code"] == "bad_request", broken.text
    missing = httpx.get(f"{fuzzed.http}/api/nowhere", timeout=TIMEOUT)
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    wrong = httpx.delete(f"{fuzzed.http}/api/tables", timeout=TIMEOUT)
    assert wrong.status_code == 405 and wrong.json()["code"] == "method_not_allowed"


def test_the_document_lists_the_operations_it_fuzzes(api: Any) -> None:
    """The fuzz above covers the API as documented: if a route left the document it would
    silently stop being fuzzed."""
    paths = set(api.raw_schema["paths"])
    assert {"/api/tables", "/api/lobby", "/api/tables/{table_id}/replay"} <= paths
