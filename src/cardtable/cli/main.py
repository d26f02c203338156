"""The ``cardtable`` command (docs/architecture.md): play, sim and bench."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from cardtable import InvalidOptions, bots, games, native
from cardtable.bench import bench_side_by_side
from cardtable.cli import gauntlet as gauntlet_run
from cardtable.cli import review as review_cli
from cardtable.cli.arena import simulate
from cardtable.cli.bench import print_figures, print_rl_bench
from cardtable.cli.botbench import print_bench as print_bot_bench
from cardtable.cli.play import TerminalGame
from cardtable.cli.ports import bind_problem
from cardtable.core.options import parse_assignments
from cardtable.core.rng import new_seed
from cardtable.core.words import plural

app = typer.Typer(
    name="cardtable",
    help="A house of hidden-information card games: "
    + ", ".join(games.game_class(name).title for name in games.names())
    + ".",
    no_args_is_help=True,
    add_completion=False,
    # click's own layout, not rich's panels: rich squeezed option names into a column and
    # cut them ("--max-sockets-per-addr…") and labelled flags "<bool>" at 80 columns;
    # click wraps descriptions under a long name and never cuts one (docs/cli.md).
    rich_markup_mode=None,
)
console = Console()
errors = Console(stderr=True)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help=f"One of: {', '.join(games.names())}")]
OptionArgs = Annotated[
    list[str] | None,
    typer.Argument(metavar="NAME=VALUE", help="Game options (e.g. snap=anytime)"),
]


def fail(message: str) -> typer.Exit:
    errors.print(f"[bold red]Error:[/] {escape(message)}")
    return typer.Exit(code=2)


def load_game(name: str, pairs: list[str] | None, **extra: Any) -> Any:
    try:
        options: dict[str, Any] = parse_assignments(pairs or [])
        options.update({k: v for k, v in extra.items() if v is not None})
        return games.load(name, **options)
    except InvalidOptions as error:
        raise fail(str(error)) from None


@app.command()
def play(
    game: GameArg,
    options: OptionArgs = None,
    level: Annotated[str, typer.Option(metavar="LEVEL", help="The bots' level")] = "medium",
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Seed for a reproducible deal")
    ] = None,
    seat: Annotated[
        int, typer.Option(metavar="SEAT", help="Your seat (0 moves first in most games)")
    ] = 0,
    save: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Save the game as JSON (for cardtable review)"),
    ] = None,
) -> None:
    """Play a game in the terminal against bots."""
    table = load_game(game, options)
    if not 0 <= seat < table.players:
        raise fail(f"--seat must be from 0 to {table.players - 1}")
    try:
        bots.make(level, table)
    except InvalidOptions as error:
        raise fail(str(error)) from None
    seed = new_seed() if seed is None else seed
    state = table.new_state(seed=seed)
    console.print(f"[bold]{table.title}[/] — seed {seed} (play it again with --seed {seed})")
    session = TerminalGame(
        table, state, seat, level, random.Random(seed), console, lambda p: console.input(f"{p}: ")
    )
    session.run()
    if save is not None:
        review_cli.save_game(save, table, seed, seat, level, session.actions, console)


@app.command()
def sim(
    game: GameArg,
    options: OptionArgs = None,
    games_: Annotated[
        int, typer.Option("--games", metavar="N", min=1, help="How many games")
    ] = 100,
    bots_: Annotated[
        str | None,
        typer.Option("--bots", metavar="BOTS", help="One bot per seat, comma-separated"),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the whole run")] = 1,
    jobs: Annotated[int, typer.Option(metavar="N", min=1, help="Worker processes")] = 1,
    time_per_move: Annotated[
        int | None,
        typer.Option("--time-per-move", metavar="MS", min=1, help="Search bots' cap, in ms"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
) -> None:
    """Play many games between bots and report wins and scores per bot.

    The seating rotates every game so each listed bot sits in every seat equally."""
    table = load_game(game, options)
    names = bots_.split(",") if bots_ else ["random"] * table.players
    names = [n.strip() for n in names]
    if len(names) != table.players:
        listed, seats = plural(len(names), "bot"), plural(table.players, "seat")
        raise fail(f"--bots lists {listed} but the table has {seats}")
    try:
        for name in names:
            bots.make(name, table)
    except InvalidOptions as error:
        raise fail(str(error)) from None
    seconds = None if time_per_move is None else time_per_move / 1000
    result = with_progress(
        game,
        games_,
        lambda tick: simulate(game, table.options, names, games_, seed, jobs, tick, seconds),
    )
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    show_sim(result.to_json())


@app.command()
def gauntlet(
    game: GameArg,
    bot: Annotated[str, typer.Option("--bot", metavar="LEVEL", help="The bot measured")],
    options: OptionArgs = None,
    games_: Annotated[
        int,
        typer.Option("--games", metavar="N", min=1, help="Deals per opponent (each in every seat)"),
    ] = 100,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the whole run")] = 1,
    jobs: Annotated[int, typer.Option(metavar="N", min=1, help="Worker processes")] = 1,
    time_per_move: Annotated[
        int | None,
        typer.Option("--time-per-move", metavar="MS", min=1, help="Search bots' cap, in ms"),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option(metavar="NAMES", help="Only these opponents (comma-separated)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
) -> None:
    """Play a bot against every opponent style of a game and report its win rates.

    Each deal is played once with the bot in every seat, the other seats held by the
    opponent; intervals are Wilson 95% (docs/bots/gauntlet.md)."""
    table = load_game(game, options)
    try:
        bots.make(bot, table)
    except InvalidOptions as error:
        raise fail(str(error)) from None
    picked = None if against is None else [n.strip() for n in against.split(",") if n.strip()]
    try:
        count = len(gauntlet_run.chosen(table, picked)) * games_ * table.players
    except InvalidOptions as error:
        raise fail(str(error)) from None
    seconds = None if time_per_move is None else time_per_move / 1000
    result = with_progress(
        f"{game} gauntlet",
        count,
        lambda tick: gauntlet_run.run(
            game, table.options, bot, games_, seed, jobs, tick, seconds, picked
        ),
    )
    report = result.to_json()
    if as_json:
        typer.echo(json.dumps(report))
        return
    show_gauntlet(report)


def show_gauntlet(report: dict[str, Any]) -> None:
    title = f"{report['game']}: {report['bot']} against each opponent, seed {report['seed']}"
    table = Table(title=title)
    for column in ("opponent", "games", "wins", "win rate", "95% interval", "fair share"):
        table.add_column(column, justify="right")
    for row in report["opponents"]:
        low, high = row["win_rate_ci95"]
        table.add_row(
            row["opponent"],
            str(row["games"]),
            f"{row['wins']:g}",
            f"{row['win_rate']:.3f}",
            f"[{low:.3f}, {high:.3f}]",
            f"{row['fair_share_ratio']:.2f}",
        )
    console.print(table)
    for row in report["opponents"]:
        if "call_rate" in row:
            console.print(
                f"against {row['opponent']}: called in {row['call_rate']:.0%} of games,"
                f" on turn {row['call_turn']:.1f} at a total of {row['call_total']:.1f}"
            )


@app.command()
def review(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A game saved by play --save")],
    seat: Annotated[int, typer.Option(metavar="N", help="The seat to review")] = 0,
    budget: Annotated[
        int, typer.Option(metavar="S", help="Simulations per decision", min=1)
    ] = review_cli.DEFAULT.per_decision,
    game_budget: Annotated[
        int, typer.Option(metavar="S", help="Simulations for the whole game", min=1)
    ] = review_cli.DEFAULT.per_game,
    seed: Annotated[int, typer.Option(metavar="N", help="The review's seed")] = 0,
    hindsight: Annotated[
        bool, typer.Option(help="Also value each decision with every card known")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON")] = False,
) -> None:
    """Review a seat's decisions in a saved game (docs/review.md)."""
    record = review_cli.read_game(file, fail)
    chosen = review_cli.Budget(budget, game_budget, hindsight)
    result = review_cli.run(record, seat, chosen, seed, with_progress, fail)
    if as_json:
        print(json.dumps(result))
    else:
        review_cli.show(result, console)


def with_progress(label: str, total: int, work: Any) -> Any:
    """Run ``work(tick)`` with a progress bar on a terminal and none when piped."""
    if not (sys.stdout.isatty() and sys.stderr.isatty()):
        return work(None)
    columns = [*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn()]
    with Progress(*columns, TimeRemainingColumn(), console=errors, transient=True) as bar:
        task = bar.add_task(label, total=total)
        return work(lambda n: bar.advance(task, n))


def show_sim(report: dict[str, Any]) -> None:
    table = Table(title=f"{report['game']}: {plural(report['games'], 'game')}")
    for column in ("bot (listed order)", "games", "wins", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for index, bot in enumerate(report["bots"]):
        table.add_row(
            f"{index}: {bot['name']}",
            str(bot["games"]),
            f"{bot['wins']:g}",
            f"{bot['win_rate']:.1%}",
            f"{bot['mean_score']:.2f}",
        )
    console.print(table)
    console.print(f"{report['games_per_second']:.1f} games per second")


@app.command()
def bench(
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game (default: every game)")
    ] = None,
    seconds: Annotated[
        float, typer.Option(metavar="SECONDS", min=0.1, help="Seconds per game")
    ] = 3.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
    rl: Annotated[
        bool, typer.Option("--rl", help="Time the PettingZoo environment against the engine")
    ] = False,
    search: Annotated[
        bool, typer.Option("--bots", help="Time hard's search: ISMCTS simulations per second")
    ] = False,
) -> None:
    """Measure the engine's speed: random-playout decisions per second on one core.

    With --bots, the search bots' simulations per second; with --rl, the research
    environment against the engine."""
    if game is not None:
        load_game(game, None)
    names = [game] if game else games.names()
    if search:
        print_bot_bench(names, seconds, as_json)
        return
    if rl:
        print_rl_bench(names, seconds, as_json)
        return
    print_figures(
        bench_side_by_side(names, seconds),
        as_json,
        "Engine speed (one core, random playouts)",
        ("game", "decisions/s", "per CPU-s", "x Dou Dizhu", "games/s", "decisions", "games"),
        lambda r: (
            r.game,
            f"{r.decisions_per_second:,.0f}",
            f"{r.decisions_per_cpu_second:,.0f}",
            "-" if r.ratio is None else f"{r.ratio:.2f}x",
            f"{r.games_per_second:,.1f}",
            f"{r.decisions:,}",
            f"{r.games:,}",
        ),
        caption=f"{native.mode()}; x Dou Dizhu = per CPU-s over OpenSpiel's C++ Dou Dizhu "
        "driven by the same Python loop in this run",
    )


@app.command()
def serve(
    host: Annotated[str, typer.Option(metavar="HOST", help="Interface to listen on")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(metavar="PORT", min=0, max=65535, help="Port to listen on")
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME "
            "(default: sqlite:///cardtable.db, in the working directory)",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(metavar="SECONDS", min=0, help="Seconds a bot waits")
    ] = 0.8,
    idle_unload: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            min=0,
            help="Seconds before an abandoned unfinished table (nobody connected, waiting "
            "on a person, no clock) leaves memory; opening it rebuilds it. 0: never",
        ),
    ] = 600.0,
    max_sockets_per_address: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=0,
            help="WebSocket connections one address may hold open at once; the next is "
            "refused (too_many_connections). 0: no cap",
        ),
    ] = 64,
    max_body_bytes: Annotated[
        int,
        typer.Option(
            metavar="BYTES", min=1, help="Largest HTTP request body; larger ones answer 413"
        ),
    ] = 64 * 1024,
    rate: Annotated[
        list[str] | None,
        typer.Option(
            metavar="KIND=BURST:PER_SECOND",
            help="Change a rate limit: KIND=BURST:PER_SECOND or KIND=off (repeatable; "
            "kinds: create_address, create_person, refused, refused_address, chat, signin, "
            "register, leave; docs/server.md)",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            help="Always mark cookies Secure (the house is served over https); otherwise "
            "only requests that came over https get them"
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESSES",
            help="Comma-separated proxy addresses whose X-Forwarded-For/-Proto are "
            "believed ('*': any). Default: $FORWARDED_ALLOW_IPS, else loopback",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="redis://HOST:PORT/DB: share the house with every process pointed at the "
            "same --db (PostgreSQL) and Redis, on this machine or others (docs/scaling.md)",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=1,
            max=64,
            help="Server processes on this port (more than 1 needs --redis)",
        ),
    ] = 1,
    redis_namespace: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="Prefix of this house's shared names in Redis (limits, lobby, seeks, the "
            "bot farm's stream): two houses on one Redis use two",
        ),
    ] = "ct",
    farm_workers: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            min=0,
            max=64,
            help="With --redis: bot farm workers this process runs itself (default: one "
            "per core; 0: none, `cardtable bots` machines think every bot move)",
        ),
    ] = None,
    bot_table_moves: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=0,
            help="Moves after which a table of bots only that has not ended is aborted "
            "(the bots would hold a worker for ever). 0: no cap",
        ),
    ] = 20_000,
) -> None:
    """Run the web house: the browser table, the HTTP API and live games."""
    problem = bind_problem(host, port)  # before the store, the workers and the app start
    if problem is not None:
        raise fail(problem)
    problem = cluster_problem(db, redis, workers)
    if problem is not None:
        raise fail(problem)
    from cardtable.server.ratelimit import parse_rate
    from cardtable.server.run import serve as run_server  # the web stack loads only here

    try:
        rates = dict(parse_rate(text) for text in rate or [])
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--rate") from None
    run_server(
        host=host,
        port=port,
        db=db,
        bot_delay=bot_delay,
        idle_unload=idle_unload,
        max_sockets_per_address=max_sockets_per_address,
        max_body_bytes=max_body_bytes,
        rates=rates,
        secure_cookies=secure_cookies,
        forwarded_allow_ips=forwarded_allow_ips,
        workers=workers,
        redis=redis,
        redis_namespace=redis_namespace,
        farm_workers=farm_workers,
        bot_table_moves=bot_table_moves,
    )


@app.command("bots")
def bot_farm(
    redis: Annotated[
        str,
        typer.Option(metavar="URL", help="redis://HOST:PORT/DB: the Redis the house's servers use"),
    ],
    workers: Annotated[
        int, typer.Option(metavar="N", min=1, max=256, help="Worker processes on this machine")
    ] = 1,
    redis_namespace: Annotated[
        str, typer.Option(metavar="NAME", help="The house's --redis-namespace")
    ] = "ct",
    claim_after: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            min=0.1,
            help="Take over a job another worker has held this long (it died or hangs)",
        ),
    ] = 10.0,
) -> None:
    """Think bot moves for a house of several processes (its bot farm on Redis Streams).

    Runs until interrupted; any number of machines may run it (docs/scaling.md)."""
    if not redis.startswith(("redis://", "rediss://", "unix://")):
        raise fail(f"--redis must be a redis:// URL, not {redis!r}")
    from cardtable.server import botfarm

    try:
        botfarm.connect(redis).close()
    except Exception as error:
        raise fail(f"cannot reach Redis at {redis}: {error}") from None
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a held job is taken over
        botfarm.run_workers(redis, redis_namespace, workers, claim_after)


def cluster_problem(db: str | None, redis: str | None, workers: int) -> str | None:
    """Why these options cannot make a house of several processes, if they cannot."""
    if workers > 1 and redis is None:
        return "--workers above 1 needs --redis: the processes share tables through it"
    if redis is None:
        return None
    if not redis.startswith(("redis://", "rediss://", "unix://")):
        return f"--redis must be a redis:// URL, not {redis!r}"
    if db is None or not db.startswith("postgresql"):
        return "--redis needs --db postgresql://…: every process must read the same store"
    return None


def _short_help_is_the_first_sentence() -> None:
    """The command list shows each command's first sentence whole: click would otherwise
    cut a long one to the terminal's width mid-phrase with "..."."""
    for command in app.registered_commands:
        if command.short_help is None and command.callback is not None:
            command.short_help = first_sentence(command.callback.__doc__ or "")


def first_sentence(doc: str) -> str:
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]


_short_help_is_the_first_sentence()


def main() -> None:
    app()
