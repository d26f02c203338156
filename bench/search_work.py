"""A fixed amount of hard's search, for comparing two builds of the search on a busy
machine (issue 23; docs/engines.md, "Rollouts without keyword calls"): the positions
``cardtable bench --bots`` visits, but a fixed number of searches instead of a time, each
search seeded by its index. It prints the simulations, their CPU time and a hash of the
moves chosen: two builds that play alike print the same hash.

CPU seconds on a shared machine move by ±10 % from run to run; the instructions do not.
Count them with valgrind (about 4 s of instructions a search under callgrind), and take
away a run of one search for the start-up:

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
      .venv/bin/python bench/search_work.py cabo 30            # "Collected : N"
    .venv/bin/python bench/search_work.py cambio 60 players=2 snap=own_turn lock_caller=true
"""

from __future__ import annotations

import hashlib
import random
import sys
import time

from cardtable.cli.botbench import hard_bot


def main(name: str, count: int, options: dict[str, str]) -> str:
    game, bot = hard_bot(name, **options)
    positions = random.Random(1)
    moves = hashlib.sha256()
    simulations = searches = 0
    cpu = 0.0
    while searches < count:
        state = game.new_state(seed=positions.getrandbits(32))
        while not state.is_over() and searches < count:
            seats = state.to_act
            seat = seats[0] if len(seats) == 1 else positions.choice(seats)
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                start = time.thread_time()
                move = bot.act(state.view(seat), legal, random.Random(searches))
                cpu += time.thread_time() - start
                moves.update(repr(game.action_to_json(move)).encode())
                if bot.last_iterations:  # a shortlist of one is played without a search
                    searches += 1
                    simulations += bot.last_iterations
            state.apply(seat, legal[positions.randrange(len(legal))])
    rate = simulations / max(cpu, 1e-9)
    return (
        f"{name} simulations={simulations} cpu={cpu:.2f}s per_cpu_s={rate:.0f}"
        f" moves={moves.hexdigest()[:16]}"
    )


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: search_work.py GAME SEARCHES [NAME=VALUE ...]")
    pairs = dict(arg.split("=", 1) for arg in sys.argv[3:])
    print(main(sys.argv[1], int(sys.argv[2]), pairs))
