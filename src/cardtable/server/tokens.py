"""Table ids and seat tokens. A token proves a seat; only its hash is stored."""

from __future__ import annotations

import hashlib
import secrets


def new_table_id() -> str:
    # 10 characters of base32: short enough for a URL, 50 random bits.
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
