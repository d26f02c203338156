"""Who is asking: a guest identity by cookie (made on first visit, with a display name of
their choice) or an account (user name + argon2 password hash) that keeps ratings and
history across devices.

Cookies: ``ct_sid`` (HttpOnly, SameSite=Lax: the session; only its SHA-256 is stored) and
``ct_csrf`` (readable by the page). Every POST that a session cookie authenticates must
carry the ``X-CSRF-Token`` header equal to ``ct_csrf`` (double submit): another site can
make a browser send the cookie, not read it. A POST without the session cookie is
anonymous, as before issue 8 (the seat token is the proof).

Both cookies are ``Secure`` when the request came over https (``X-Forwarded-Proto`` counts
only from a trusted proxy: uvicorn's ``--forwarded-allow-ips``) or the server runs with
``--secure-cookies``. A session ends after ``SESSION_IDLE`` without use (checked by the
server, not only by the cookie's age), and a new session id replaces the old one whenever
the person behind it changes (register, sign in): a session id seen before (a shared
computer, a fixated cookie) is then worth nothing."""

from __future__ import annotations

import hmac
import re
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel, Field

from cardtable.server.errors import ApiError
from cardtable.server.passwords import Passwords
from cardtable.server.persist import AsyncStore
from cardtable.server.ratelimit import Limiter
from cardtable.server.tokens import hash_token, new_token
from cardtable.store.online import UserRecord
from cardtable.store.schema import utcnow

SESSION_COOKIE = "ct_sid"
CSRF_COOKIE = "ct_csrf"
CSRF_HEADER = "x-csrf-token"
YEAR = 365 * 24 * 3600
# A session unused this long is over (the server forgets it); use within it renews it.
SESSION_IDLE = timedelta(days=30)
USERNAME = re.compile(r"^[a-z0-9_-]{3,20}$")
GUEST_NAME = re.compile(r"^Guest \d{4}$")  # the name a guest has until they choose one
NAME_LIMIT = 24

BAD_CSRF = "bad_csrf"
BAD_NAME = "bad_name"
BAD_PASSWORD = "bad_password"
NAME_TAKEN = "name_taken"
BAD_LOGIN = "bad_login"
NOT_SIGNED_IN = "not_signed_in"


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


def passwords_of(request: Request) -> Passwords:
    passwords: Passwords = request.app.state.passwords
    return passwords


def client_key(request: Request) -> str:
    return request.client.host if request.client else "?"


def secure_request(request: Request) -> bool:
    """Whether cookies get ``Secure``: the setting, or a request that came over https
    (uvicorn sets the scheme from X-Forwarded-Proto only for its trusted proxies)."""
    return bool(request.app.state.settings.secure_cookies) or request.url.scheme == "https"


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
    return await user_by_sid(store_of(request), sid)


async def user_by_sid(store: AsyncStore, sid: str) -> UserRecord | None:
    """The person of a session cookie's value (None: unknown, or ended by idleness)."""
    return await store.user_by_session(hash_token(sid), utcnow() - SESSION_IDLE)


async def acting_user(request: Request) -> UserRecord | None:
    """For a POST: the session's person, after the CSRF check; None when no session
    cookie was sent (an anonymous client, as before issue 8)."""
    if not request.cookies.get(SESSION_COOKIE):
        return None
    check_csrf(request)
    return await session_user(request)


def set_cookies(request: Request, response: Response, sid: str | None, csrf: str | None) -> None:
    """Set the session cookie (``sid``) and the CSRF cookie (``csrf``), either or both."""
    secure = secure_request(request)
    if sid is not None:
        idle = int(SESSION_IDLE.total_seconds())
        response.set_cookie(
            SESSION_COOKIE, sid, max_age=idle, httponly=True, samesite="lax", secure=secure
        )
    if csrf is not None:
        response.set_cookie(CSRF_COOKIE, csrf, max_age=YEAR, samesite="strict", secure=secure)


async def new_session(request: Request, response: Response, user_id: str) -> str:
    """A new session for ``user_id`` in place of this browser's old one (which ends), with
    a new CSRF token (answered)."""
    store = store_of(request)
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        await store.drop_session(hash_token(old))
    sid, csrf = new_token(), new_token()
    await store.add_session(hash_token(sid), user_id)
    set_cookies(request, response, sid, csrf)
    return csrf


def me_json(user: UserRecord, csrf: str) -> Me:
    return Me(
        id=user.id,
        name=user.display_name,
        username=user.username,
        guest=user.username is None,
        csrf=csrf,
    )


async def new_guest(
    request: Request, response: Response, name: str | None = None, csrf: str | None = None
) -> UserRecord:
    """A new guest with its session cookie; ``csrf``: the CSRF cookie to set with it (None:
    the browser's own, which is kept)."""
    store = store_of(request)
    user = UserRecord(new_token()[:16], name or f"Guest {secrets.randbelow(9000) + 1000}")
    sid = new_token()
    await store.create_user(user, hash_token(sid))
    set_cookies(request, response, sid, csrf)
    return user


async def get_me(request: Request, response: Response) -> Me:
    """Who this browser is: a guest identity is made (and its cookies set) on first visit."""
    user = await session_user(request)
    kept = request.cookies.get(CSRF_COOKIE)
    csrf = kept or new_token()
    if user is None:
        user = await new_guest(request, response, csrf=csrf)
    elif kept is None:
        set_cookies(request, response, None, csrf)
    return me_json(user, csrf)


async def rename(request: Request, response: Response, body: NameBody) -> Me:
    """Choose the display name shown at tables, in the lobby and on the leaderboard."""
    check_csrf(request)
    name = clean_name(body.name)
    user = await session_user(request)
    if user is None:
        user = await new_guest(request, response, name)
    store = store_of(request)
    await store.rename(user.id, name)
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
    await limiter_of(request).enforce([("register", client_key(request))])
    username = check_credentials(body)
    store = store_of(request)
    user = await session_user(request)
    if user is None:  # no guest yet: made here, its session is the one made below
        user = UserRecord(new_token()[:16], username)
        await store.create_user(user)
    if user.username is not None:
        raise ApiError(409, NAME_TAKEN, "You already have an account: sign out first")
    hashed = await passwords_of(request).hash(body.password)
    if not await store.register(user.id, username, hashed):
        raise ApiError(409, NAME_TAKEN, f"The user name {username!r} is taken")
    name = user.display_name
    if GUEST_NAME.match(name):  # never chose a name: the user name says who they are
        name = username
        await store.rename(user.id, name)
    csrf = await new_session(request, response, user.id)
    return me_json(UserRecord(user.id, name, username), csrf)


async def sign_in(request: Request, response: Response, body: Credentials) -> Me:
    """Sign in to an account on this browser (a new session)."""
    check_csrf(request)
    username = body.username.strip().lower()
    await check_sign_in_rate(limiter_of(request), client_key(request), username)
    store = store_of(request)
    passwords = passwords_of(request)
    user = await store.user_by_username(username)
    if user is None or user.password_hash is None:
        await passwords.hash(body.password)  # same time as a wrong password
        raise ApiError(401, BAD_LOGIN, "Wrong user name or password")
    if not await passwords.verify(user.password_hash, body.password):
        raise ApiError(401, BAD_LOGIN, "Wrong user name or password")
    if passwords.needs_rehash(user.password_hash):
        rehashed = await passwords.hash(body.password)
        await store.set_password_hash(user.id, rehashed)
    csrf = await new_session(request, response, user.id)
    return me_json(user, csrf)


async def check_sign_in_rate(limiter: Limiter, address: str, username: str) -> None:
    """Tries are counted per address, per address and user name together, and per user
    name alone on a looser scale: wrong passwords from one address cannot lock the owner
    out from another (the per-user bucket needs many addresses to empty)."""
    await limiter.enforce([("signin-address", address)])
    await limiter.enforce([("signin", f"{address} user:{username}")])
    await limiter.enforce([("signin-user", username)])


async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """End this browser's session; the next visit is a new guest."""
    check_csrf(request)
    sid = request.cookies.get(SESSION_COOKIE)
    if sid:
        store = store_of(request)
        await store.drop_session(hash_token(sid))
    response.delete_cookie(SESSION_COOKIE)
    return {"ok": True}
