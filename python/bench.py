"""Speed of the Python module against C++ and against plain Python (docs/python.md).

  PYTHONPATH=build/python python3 python/bench.py [--nard build/cli/nard] [--seconds 3]

Prints environment steps per second (one Env, random legal actions, self-play; a VectorEnv of n
games on C++ threads), batch evaluation through nard.Model.evaluate against `nard bench eval`
(the Python overhead as a ratio), and the same random games stepped by a plain Python backgammon
move generator written for this comparison (OpenSpiel is not packaged by Debian).
"""
import argparse
import random
import re
import subprocess
import time

import numpy as np
import nard


def env_steps(env, seconds):
    rng = random.Random(1)
    steps, t0 = 0, time.perf_counter()
    obs, info = env.reset()
    while time.perf_counter() - t0 < seconds:
        obs, r, term, trunc, info = env.step(rng.randrange(len(info["legal_actions"])))
        steps += 1
        if term or trunc:
            obs, info = env.reset()
    return steps / (time.perf_counter() - t0)


def vector_steps(n, seconds):
    venv = nard.VectorEnv(n, "backgammon", seed=1)
    rng = np.random.default_rng(1)
    obs, info = venv.reset()
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        counts = info["legal_counts"]
        obs, r, term, trunc, info = venv.step((rng.random(n) * counts).astype(np.int64))
        steps += n
    return steps / (time.perf_counter() - t0)


# ---- a plain Python backgammon move generator: the comparison's baseline ----
# board[1..24]: checkers (positive: the side on roll, which moves 24 -> 1), board[0]: its bar,
# board[25]: the opponent's bar (as a positive count); off counts kept apart.
def py_plays(board, dice):
    seqs = [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]
    orders = [seqs] if dice[0] == dice[1] else [seqs, seqs[::-1]]
    results = set()
    best = 0

    def home(b):
        return b[0] == 0 and all(b[p] <= 0 for p in range(7, 25))

    def step(b, die):
        out = []
        sources = [0] if b[0] > 0 else [p for p in range(1, 25) if b[p] > 0]
        for s in sources:
            t = (25 - die) if s == 0 else s - die
            nb = list(b)
            if t <= 0:
                if not home(b) or (t < 0 and any(b[p] > 0 for p in range(s + 1, 7))):
                    continue
                nb[s] -= 1
            else:
                if nb[t] < -1:
                    continue
                if nb[t] == -1:
                    nb[t] = 0
                    nb[25] += 1
                nb[s if s else 0] -= 1
                nb[t] += 1
            out.append(tuple(nb))
        return out

    for order in orders:
        frontier = [(tuple(board), 0)]
        for die in order:
            nxt = []
            for b, used in frontier:
                moved = step(b, die)
                nxt += [(m, used + 1) for m in moved] or [(b, used)]
            frontier = nxt
        for b, used in frontier:
            if used > best:
                best, results = used, set()
            if used == best:
                results.add(b)
    return list(results)


def py_random_steps(seconds):
    rng = random.Random(1)
    start = [0] * 26
    for p, n in [(24, 2), (13, 5), (8, 3), (6, 5)]:
        start[p] = n
    for p, n in [(1, 2), (12, 5), (17, 3), (19, 5)]:
        start[p] = -n
    steps, t0 = 0, time.perf_counter()
    board = list(start)
    while time.perf_counter() - t0 < seconds:
        plays = py_plays(board, (rng.randint(1, 6), rng.randint(1, 6)))
        b = list(rng.choice(plays))
        steps += 1
        if sum(x for x in b[1:25] if x > 0) + b[0] == 0 or steps % 200 == 0:
            board = list(start)
            continue
        # The turn passes: flip the board to the opponent's view.
        flipped = [0] * 26
        flipped[0], flipped[25] = b[25], b[0]
        for p in range(1, 25):
            flipped[25 - p] = -b[p]
        board = flipped
    return steps / (time.perf_counter() - t0)


def cxx_eval_rates(nard_bin, model_path):
    """`nard bench eval` with the same model: positions per second by batch size."""
    out = subprocess.run([nard_bin, "bench", "eval", "--model", model_path],
                         capture_output=True, text=True).stdout
    return {int(b): float(r) for b, r in re.findall(r"batch\s+(\d+)\s*:\s*(\d+) positions/s", out)}


def python_eval_rate(seconds):
    env, positions = nard.Env("backgammon", seed=4), []
    rng = random.Random(3)
    obs, info = env.reset()
    while len(positions) < 20000:
        positions.append(info["position"])
        obs, r, term, trunc, info = env.step(rng.randrange(len(info["legal_actions"])))
        if term or trunc:
            obs, info = env.reset()
    model = nard.Model(bearoff_db=False)
    rates = {}
    for batch in (1, 32, 256):
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for i in range(0, 4096, batch):
                model.evaluate(positions[i:i + batch], threads=1)
            n += 4096
        rates[batch] = n / (time.perf_counter() - t0)
    return rates


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard", default="build/cli/nard")
    ap.add_argument("--seconds", type=float, default=3)
    a = ap.parse_args()
    print(f"nard.Env (self-play, random legal actions): {env_steps(nard.Env(seed=1), a.seconds):,.0f} steps/s")
    for n in (16, 64):
        print(f"nard.VectorEnv({n}): {vector_steps(n, a.seconds):,.0f} steps/s")
    print(f"plain Python move generator (written for this comparison), random games: {py_random_steps(a.seconds):,.0f} steps/s")
    rates = python_eval_rate(a.seconds)
    cxx = cxx_eval_rates(a.nard, nard.Model().path)
    for b, r in rates.items():
        c = cxx.get(b)
        ratio = f", C++ {c:,.0f}: Python overhead x{c / r:.2f}" if c else ""
        print(f"batch evaluation, batches of {b}, one thread: Python {r:,.0f} positions/s{ratio}")
