"""Who is asking: a guest identity by cookie (made on first visit, with a display name of
their choice) or an account (user name + argon2 password hash) that keeps ratings and
history across devices.

Cookies: ``ct_sid`` (HttpOnly, SameSite=Lax: the session; only its SHA-256 is stored) and
``ct_csrf`` (readable by the page). Every POST that a session cookie authenticates must
carry the ``X-CSRF-Token`` header equal to ``ct_csrf`` (double submit): another site can
make a browser send the cookie, not read it. A POST without the session cookie is
anonymous, as before issue 8 (the seat token is the proof)."""

from __future__ import annotations

import hmac
import re
import secrets
import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from pydantic import BaseModel, Field

from cardtable.server.errors import ApiError
from cardtable.server.persist import AsyncStore
from cardtable.server.ratelimit import Limiter
from cardtable.server.tokens import hash_token, new_token
from cardtable.store.online import UserRecord

SESSION_COOKIE = "ct_sid"
CSRF_COOKIE = "ct_csrf"
CSRF_HEADER = "x-csrf-token"
YEAR = 365 * 24 * 3600
USERNAME = re.compile(r"^[a-z0-9_-]{3,20}$")
GUEST_NAME = re.compile(r"^Guest \d{4}$")  # the name a guest has until they choose one
NAME_LIMIT = 24

BAD_CSRF = "bad_csrf"
BAD_NAME = "bad_name"
BAD_PASSWORD = "bad_password"
NAME_TAKEN = "name_taken"
BAD_LOGIN = "bad_login"
NOT_SIGNED_IN = "not_signed_in"

_hasher = PasswordHasher()


class Me(BaseModel):
    id: str
    name: str
    username: str | None = Field(description="null: a guest")
    guest: bool
    csrf: str = Field(description="Send it back as the X-CSRF-Token header on POSTs")


class NameBody(BaseModel):
    name: str


class Credentials(BaseModel):
    username: str
    password: str


def store_of(request: Request) -> AsyncStore:
    store: AsyncStore = request.app.state.house.store
    return store


def limiter_of(request: Request) -> Limiter:
    limiter: Limiter = request.app.state.limiter
    return limiter


def client_key(request: Request) -> str:
    return request.client.host if request.client else "?"


def clean_name(raw: object) -> str:
    """A display name: printable, trimmed, 1 to 24 characters."""
    if not isinstance(raw, str):
        raise ApiError(422, BAD_NAME, "A name is text")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ApiError(422, BAD_NAME, "A name cannot hold control characters")
    if not 1 <= len(name) <= NAME_LIMIT:
        raise ApiError(422, BAD_NAME, f"A name has 1 to {NAME_LIMIT} characters")
    return name


def check_csrf(request: Request) -> None:
    """Refuse a POST whose X-CSRF-Token header does not match the ct_csrf cookie."""
    cookie = request.cookies.get(CSRF_COOKIE, "")
    header = request.headers.get(CSRF_HEADER, "")
    if not cookie or not hmac.compare_digest(cookie.encode(), header.encode()):
        raise ApiError(403, BAD_CSRF, "Missing or wrong X-CSRF-Token header (reload the page)")


async def session_user(request: Request) -> UserRecord | None:
    """The person of the session cookie, if any (no CSRF check: for reads)."""
    sid = request.cookies.get(SESSION_COOKIE)
    if not sid or len(sid) > 100:
        return None
    store = store_of(request)
    return await store.run(store.sql.user_by_session, hash_token(sid))


async def acting_user(request: Request) -> UserRecord | None:
    """For a POST: the session's person, after the CSRF check; None when no session
    cookie was sent (an anonymous client, as before issue 8)."""
    if not request.cookies.get(SESSION_COOKIE):
        return None
    check_csrf(request)
    return await session_user(request)


def set_cookies(response: Response, sid: str | None, csrf: str) -> None:
    secure = False  # served over http on loopback in development; a proxy adds TLS
    if sid is not None:
        response.set_cookie(
            SESSION_COOKIE, sid, max_age=YEAR, httponly=True, samesite="lax", secure=secure
        )
    response.set_cookie(CSRF_COOKIE, csrf, max_age=YEAR, samesite="strict", secure=secure)


def me_json(user: UserRecord, csrf: str) -> Me:
    return Me(
        id=user.id,
        name=user.display_name,
        username=user.username,
        guest=user.username is None,
        csrf=csrf,
    )


async def new_guest(request: Request, response: Response, name: str | None = None) -> UserRecord:
    store = store_of(request)
    user = UserRecord(new_token()[:16], name or f"Guest {secrets.randbelow(9000) + 1000}")
    sid = new_token()
    await store.run(store.sql.create_user, user, hash_token(sid))
    set_cookies(response, sid, request.cookies.get(CSRF_COOKIE) or new_token())
    return user


async def get_me(request: Request, response: Response) -> Me:
    """Who this browser is: a guest identity is made (and its cookies set) on first visit."""
    user = await session_user(request)
    csrf = request.cookies.get(CSRF_COOKIE) or new_token()
    if user is None:
        user = await new_guest(request, response)
    set_cookies(response, None, csrf)
    return me_json(user, csrf)


async def rename(request: Request, response: Response, body: NameBody) -> Me:
    """Choose the display name shown at tables, in the lobby and on the leaderboard."""
    check_csrf(request)
    name = clean_name(body.name)
    user = await session_user(request)
    if user is None:
        user = await new_guest(request, response, name)
    store = store_of(request)
    await store.run(store.sql.rename, user.id, name)
    return me_json(UserRecord(user.id, name, user.username), request.cookies[CSRF_COOKIE])


def check_credentials(body: Credentials) -> str:
    username = body.username.strip().lower()
    if not USERNAME.match(username):
        raise ApiError(422, BAD_NAME, "A user name has 3 to 20 of a-z, 0-9, _ and -")
    if not 8 <= len(body.password) <= 200:
        raise ApiError(422, BAD_PASSWORD, "A password has 8 to 200 characters")
    return username


async def register(request: Request, response: Response, body: Credentials) -> Me:
    """Make this guest an account: its name, ratings and history come along."""
    check_csrf(request)
    limiter_of(request).check("register", client_key(request))
    username = check_credentials(body)
    store = store_of(request)
    user = await session_user(request) or await new_guest(request, response, username)
    if user.username is not None:
        raise ApiError(409, NAME_TAKEN, "You already have an account: sign out first")
    hashed = await store.run(_hasher.hash, body.password)
    if not await store.run(store.sql.register, user.id, username, hashed):
        raise ApiError(409, NAME_TAKEN, f"The user name {username!r} is taken")
    name = user.display_name
    if GUEST_NAME.match(name):  # never chose a name: the user name says who they are
        name = username
        await store.run(store.sql.rename, user.id, name)
    return me_json(UserRecord(user.id, name, username), request.cookies[CSRF_COOKIE])


async def sign_in(request: Request, response: Response, body: Credentials) -> Me:
    """Sign in to an account on this browser (a new session)."""
    check_csrf(request)
    username = body.username.strip().lower()
    limiter = limiter_of(request)
    limiter.check("signin", client_key(request))
    limiter.check("signin", f"user:{username}")
    store = store_of(request)
    user = await store.run(store.sql.user_by_username, username)
    if user is None or user.password_hash is None:
        await store.run(_hasher.hash, body.password)  # same time as a wrong password
        raise ApiError(401, BAD_LOGIN, "Wrong user name or password")
    try:
        await store.run(_hasher.verify, user.password_hash, body.password)
    except (VerificationError, InvalidHashError):
        raise ApiError(401, BAD_LOGIN, "Wrong user name or password") from None
    if _hasher.check_needs_rehash(user.password_hash):
        rehashed = await store.run(_hasher.hash, body.password)
        await store.run(store.sql.set_password_hash, user.id, rehashed)
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        await store.run(store.sql.drop_session, hash_token(old))
    sid = new_token()
    await store.run(store.sql.add_session, hash_token(sid), user.id)
    csrf = new_token()  # a fresh CSRF token with the new session
    set_cookies(response, sid, csrf)
    return me_json(user, csrf)


async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """End this browser's session; the next visit is a new guest."""
    check_csrf(request)
    sid = request.cookies.get(SESSION_COOKIE)
    if sid:
        store = store_of(request)
        await store.run(store.sql.drop_session, hash_token(sid))
    response.delete_cookie(SESSION_COOKIE)
    return {"ok": True}
