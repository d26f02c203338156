"""``cardtable serve``'s first step: is the address free? uvicorn binds only after the app's
start-up (the store opened, bot workers started, unfinished tables recovered), so a taken
port was reported late and in a traceback-like log; a test bind says so at once."""

from __future__ import annotations

import errno
import socket


def bind_problem(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on, in one line naming the flag that fixes it,
    or None when a test bind on every address the host resolves to succeeds."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        return f"--host {host!r} is not an address this machine can listen on ({error.strerror})"
    for family, kind, proto, _, address in addresses:
        problem = _try_bind(family, kind, proto, address)
        if problem is not None:
            return problem.format(host=host, port=port)
    return None


def _try_bind(family: int, kind: int, proto: int, address: tuple[object, ...]) -> str | None:
    with socket.socket(family, kind, proto) as probe:
        # As uvicorn does: a port left in TIME_WAIT by a server just stopped is free to use.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            return _explain(error)
    return None


def _explain(error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return "port {port} on {host} is already in use; pick another with --port"
    if error.errno == errno.EACCES:
        return "port {port} needs more privileges than this user has; pick another with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return "--host {host} is not an address of this machine; pick another with --host"
    return f"cannot listen on {{host}} port {{port}} ({error.strerror}); try another --port"
