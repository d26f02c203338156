"""Self-play PPO for Caravan on the CPU, with nothing but PyTorch and cardtable's
environments.

    pip install cardtable[rl] torch          # a CPU build of torch is enough
    python examples/train_caravan.py --minutes 10 --log caravan.jsonl

One masked policy plays both seats of many games at once through the PettingZoo AEC
environment (``cardtable.rl.aec_env("caravan")``), learning from both sides with PPO
(clipped objective, GAE, a value head, an entropy bonus). Illegal actions are masked out
of the policy with the environment's ``action_mask``. Every ``--eval-every`` seconds the
greedy policy plays games against cardtable's random bot through the Gymnasium
environment (``cardtable.rl.gym_env("caravan", opponents="random")``), half of them from
each seat, and the win rate is printed (and written to ``--log`` as JSON lines): that is
the training curve. Nothing is saved unless ``--save`` names a file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from cardtable import rl


class Policy(nn.Module):
    """An MLP with a policy head (one logit per action index) and a value head."""

    def __init__(self, obs_size: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(obs_size, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.pi = nn.Linear(hidden, actions)
        self.v = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.zeros_(self.pi.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


@dataclass
class Trajectory:
    """One seat's decisions in one game."""

    obs: list[np.ndarray] = field(default_factory=list)
    mask: list[np.ndarray] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    value: list[float] = field(default_factory=list)


@dataclass
class Batch:
    obs: list[np.ndarray] = field(default_factory=list)
    mask: list[np.ndarray] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    adv: list[float] = field(default_factory=list)
    ret: list[float] = field(default_factory=list)

    def add(self, t: Trajectory, reward: float, gamma: float, lam: float) -> None:
        """GAE over a trajectory whose only reward is the last one."""
        n = len(t.action)
        adv = [0.0] * n
        running = 0.0
        for i in reversed(range(n)):
            nxt = t.value[i + 1] if i + 1 < n else 0.0
            r = reward if i == n - 1 else 0.0
            delta = r + gamma * nxt - t.value[i]
            running = delta + gamma * lam * running
            adv[i] = running
        self.obs += t.obs
        self.mask += t.mask
        self.action += t.action
        self.logp += t.logp
        self.adv += adv
        self.ret += [a + v for a, v in zip(adv, t.value, strict=True)]

    def __len__(self) -> int:
        return len(self.action)


class SelfPlay:
    """Many AEC games played by one policy; finished trajectories go into a batch."""

    def __init__(self, envs: int, seed: int) -> None:
        self.envs = [rl.aec_env("caravan") for _ in range(envs)]
        for i, env in enumerate(self.envs):
            env.reset(seed=seed + i)
        self.open: list[dict[str, Trajectory]] = [{} for _ in self.envs]
        self.games = 0
        self.samples = 0

    @torch.no_grad()
    def collect(self, policy: Policy, size: int, gamma: float, lam: float) -> Batch:
        batch = Batch()
        while len(batch) < size:
            agents = [env.agent_selection for env in self.envs]
            seen = [env.observe(a) for env, a in zip(self.envs, agents, strict=True)]
            obs = torch.from_numpy(np.stack([o["observation"] for o in seen]))
            mask = torch.from_numpy(np.stack([o["action_mask"] for o in seen]).astype(bool))
            logits, value = policy(obs, mask)
            dist = torch.distributions.Categorical(logits=logits)
            actions = dist.sample()
            logps = dist.log_prob(actions)
            for i, env in enumerate(self.envs):
                t = self.open[i].setdefault(agents[i], Trajectory())
                t.obs.append(seen[i]["observation"])
                t.mask.append(seen[i]["action_mask"].astype(bool))
                t.action.append(int(actions[i]))
                t.logp.append(float(logps[i]))
                t.value.append(float(value[i]))
                env.step(int(actions[i]))
                if all(env.terminations.values()) or all(env.truncations.values()):
                    for agent, traj in self.open[i].items():
                        batch.add(traj, float(env.rewards[agent]), gamma, lam)
                    self.open[i] = {}
                    self.games += 1
                    env.reset()
        self.samples += len(batch)
        return batch


def ppo_update(policy: Policy, opt: torch.optim.Optimizer, batch: Batch, args: Any) -> float:
    obs = torch.from_numpy(np.stack(batch.obs))
    mask = torch.from_numpy(np.stack(batch.mask))
    action = torch.tensor(batch.action)
    old_logp = torch.tensor(batch.logp)
    adv = torch.tensor(batch.adv, dtype=torch.float32)
    ret = torch.tensor(batch.ret, dtype=torch.float32)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(batch)
    last = 0.0
    for _ in range(args.epochs):
        order = torch.randperm(n)
        for start in range(0, n, args.minibatch):
            idx = order[start : start + args.minibatch]
            logits, value = policy(obs[idx], mask[idx])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(action[idx])
            ratio = torch.exp(logp - old_logp[idx])
            a = adv[idx]
            loss_pi = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
            loss_v = 0.5 * (value - ret[idx]).pow(2).mean()
            entropy = dist.entropy().mean()
            loss = loss_pi + args.vf * loss_v - args.ent * entropy
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            last = float(loss.detach())
    return last


@torch.no_grad()
def evaluate(policy: Policy, games: int, seed: int, greedy: bool) -> tuple[float, float]:
    """The policy (sampling its actions, or ``greedy``) against the random bot, half the
    games from each seat, played side by side: its win rate, and the share of its wins
    that came from selling two caravans (the rest: the random bot ran out of cards)."""
    envs = [rl.gym_env("caravan", seat=i % 2, opponents="random") for i in range(games)]
    obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(envs)]
    live = list(range(games))
    wins = sold = 0
    while live:
        o = torch.from_numpy(np.stack([obs[i]["observation"] for i in live]))
        m = torch.from_numpy(np.stack([obs[i]["action_mask"] for i in live]).astype(bool))
        logits, _ = policy(o, m)
        if greedy:
            actions = logits.argmax(-1).tolist()
        else:
            actions = torch.distributions.Categorical(logits=logits).sample().tolist()
        still = []
        for i, a in zip(live, actions, strict=True):
            obs[i], reward, terminated, truncated, info = envs[i].step(a)
            if terminated or truncated:
                if reward > 0:
                    wins += 1
                    sold += info["outcome"]["details"]["reason"] != "out_of_cards"
            else:
                still.append(i)
        live = still
    return wins / games, sold / max(wins, 1)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-clock budget")
    parser.add_argument("--envs", type=int, default=32, help="games played side by side")
    parser.add_argument("--batch", type=int, default=2048, help="samples per PPO update")
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--ent", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--vf", type=float, default=0.5, help="value loss weight")
    parser.add_argument("--eval-every", type=float, default=60.0, help="seconds")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log", help="append the curve to this file (JSON lines)")
    parser.add_argument("--save", help="save the final policy's weights here")
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    enc = rl.encoder("caravan")
    policy = Policy(enc.obs_size, enc.num_actions, args.hidden)
    opt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    play = SelfPlay(args.envs, args.seed)
    start = time.perf_counter()
    budget = args.minutes * 60
    log = open(args.log, "a") if args.log else None  # noqa: SIM115

    def report(final: bool = False) -> float:
        games = args.final_games if final else args.eval_games
        seed = 10_000 + play.games
        rate, sold = evaluate(policy, games, seed, greedy=False)
        greedy, greedy_sold = evaluate(policy, games, seed, greedy=True)
        point = {
            "seconds": round(time.perf_counter() - start, 1),
            "games_trained": play.games,
            "samples": play.samples,
            "win_rate_vs_random": round(rate, 3),
            "ci95": wilson(rate, games),
            "wins_by_selling": round(sold, 3),
            "greedy_win_rate": round(greedy, 3),
            "greedy_wins_by_selling": round(greedy_sold, 3),
            "eval_games": games,
            "final": final,
        }
        print(json.dumps(point), flush=True)
        if log is not None:
            log.write(json.dumps(point) + "\n")
            log.flush()
        return rate

    report()
    last_eval = time.perf_counter()
    while time.perf_counter() - start < budget:
        batch = play.collect(policy, args.batch, args.gamma, args.lam)
        ppo_update(policy, opt, batch, args)
        if time.perf_counter() - last_eval >= args.eval_every:
            report()
            last_eval = time.perf_counter()
    rate = report(final=True)
    print(f"win rate against the random bot after {args.minutes:g} minutes: {rate:.1%}")
    if args.save:
        torch.save(policy.state_dict(), args.save)
    if log is not None:
        log.close()


if __name__ == "__main__":
    main()
