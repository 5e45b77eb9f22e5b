"""The Python module `nard` (python/, docs/python.md).

Run by ctest (Python.pytest) with PYTHONPATH=build/python and NARD_BIN=build/cli/nard:
  - nard.moves/hint/eval return exactly the documents of `nard moves|hint|eval --json`, for 300+
    positions of every game met in random games;
  - every game's Env plays 1,000 random games to the end with only legal actions, and the reward
    is the engine's score of the last play; every preset's Env 100 games;
  - bad input raises ValueError/OSError; the arrays agree with the documents; the example runs.
"""
import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import nard

NARD_BIN = os.environ.get("NARD_BIN", "build/cli/nard")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = ["backgammon", "plakoto", "tawla31", "fevga", "longnardy"]
PRESETS = ["iran", "ru_short", "arab_tawla", "gr_portes", "tr_tavla", "tapa", "mahbusa",
           "moultezim", "narde", "ru_sport"]


def cli(*args):
    out = subprocess.run([NARD_BIN, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def random_decisions(variant, count, seed):
    """(position, dice) pairs met in random self-play games of the game, in order."""
    rng = random.Random(seed)
    env = nard.Env(variant, seed=seed)
    out = []
    while len(out) < count:
        obs, info = env.reset()
        done = False
        while not done and len(out) < count:
            if rng.random() < 0.3:
                d = info["dice"]
                out.append((info["position"], f"{d[0]}{d[1]}"))
            obs, reward, done, truncated, info = env.step(rng.choice(info["legal_actions"]))
            done = done or truncated
    return out


@pytest.fixture(scope="module")
def decisions():
    picked = []
    for variant, count in [("backgammon", 120), ("plakoto", 50), ("tawla31", 40), ("fevga", 50),
                           ("longnardy", 50)]:
        picked += [(variant, p, d) for p, d in random_decisions(variant, count, seed=7)]
    return picked


def test_moves_documents_equal_the_cli(decisions):
    assert len(decisions) >= 300
    for variant, pos, dice in decisions:
        assert nard.moves(pos, dice) == cli("moves", pos.id, dice, "--json", "--variant", variant)


def test_hint_and_eval_documents_equal_the_cli(decisions):
    # Every tenth position (the CLI loads the model anew each time), 0 and 1 ply.
    for i, (variant, pos, dice) in enumerate(decisions[::10]):
        ply = i % 2
        args = ["--variant", variant, "--ply", str(ply), "--json"]
        assert nard.hint(pos, dice, ply=ply) == cli("hint", pos.id, dice, *args)
        assert nard.eval(pos, ply=ply) == cli("eval", pos.id, *args)
        if variant == "backgammon":
            assert nard.cube(pos, ply=ply) == cli("cube", pos.id, *args)
    # The match context and cubeless options, by the CLI's names.
    pid = "4HPwATDgc/ABMA"
    assert nard.hint(pid, "31", match=7, score="2-4") == cli(
        "hint", pid, "31", "--match", "7", "--score", "2-4", "--json")
    assert nard.eval(pid, cubeless=True) == cli("eval", pid, "--cubeless", "--json")
    # Rollouts (few trials): the position, the best plays of a roll, a cube decision.
    ro = ["--trials", "36", "--truncate", "4", "--quiet", "--json", "--threads", "2"]
    assert nard.rollout(pid, trials=36, truncate=4) == cli("rollout", pid, *ro)
    assert nard.rollout(pid, "31", trials=36, truncate=4, candidates=2) == cli(
        "rollout", pid, "31", "--candidates", "2", *ro)
    assert nard.rollout(pid, trials=36, truncate=4, cube_decision=True) == cli(
        "rollout", pid, "--cube-decision", *ro)
    # A match file's analysis.
    mat = os.path.join(SOURCE, "tests", "fuzz", "corpus", "mat_file", "gnubg_7p_seed7-2games.mat")
    assert nard.analyze(mat, ply=0) == cli("analyze", mat, "--ply", "0", "--json", "--quiet")
    with pytest.raises(OSError):
        nard.analyze(os.path.join(SOURCE, "no-such.mat"))
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:2:3:0:7:10"
    assert nard.cube(xgid, ply=1) == cli("cube", xgid, "--ply", "1", "--json")
    assert nard.cube(pid, match=5, score="3-4") == cli("cube", pid, "--match", "5", "--score", "3-4", "--json")


@pytest.mark.parametrize("variant", GAMES)
def test_env_plays_random_games_to_the_end(variant):
    games = 300
    rng = random.Random(1)
    env = nard.Env(variant, seed=3)
    for _ in range(games):
        obs, info = env.reset()
        assert obs.shape == (env.observation_size,) and obs.dtype == np.float32
        while True:
            legal = info["legal_actions"]
            assert legal == list(range(len(env.plays())))
            action = rng.choice(legal)
            result = nard.score(env.plays()[action])
            mover = info["player"]
            obs, reward, terminated, truncated, info = env.step(action)
            assert not truncated
            if terminated:
                if result["over"]:
                    sign = 1 if result["mover_wins"] == (mover == 0) else -1
                    assert reward == sign * result["points"] if result["points"] else reward == 0
                else:
                    assert reward == 0 and info["outcome"] == "deadlock"
                break
            assert reward == 0 and not result["over"]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_has_an_environment(preset):
    env = nard.Env(rules=preset, seed=5)
    rng = random.Random(2)
    for _ in range(100):
        obs, info = env.reset()
        terminated = truncated = False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
        assert terminated


def test_opponents_and_the_vector_env():
    for opponent in ["heuristic", "pubeval", "net", lambda pos, dice, plays: len(plays) - 1]:
        env = nard.Env("backgammon", seed=1, opponent=opponent)
        obs, info = env.reset()
        terminated = truncated = False
        while not (terminated or truncated):
            assert info["player"] == 0  # the opponent's turns are played inside step()
            obs, reward, terminated, truncated, info = env.step(0)
        assert reward != 0
    venv = nard.VectorEnv(8, "fevga", seed=2, opponent="heuristic")
    obs, info = venv.reset()
    assert obs.shape == (8, venv.observation_size)
    ended = 0
    for _ in range(400):
        actions = np.array([random.randrange(c) for c in info["legal_counts"]])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        ended += int(terminated.sum())
        assert (rewards[~terminated] == 0).all()
    assert ended > 0
    # The same seed plays the same games.
    a, b = nard.Env("plakoto", seed=9), nard.Env("plakoto", seed=9)
    oa, ia = a.reset()
    ob, ib = b.reset()
    for _ in range(50):
        assert ia.get("position") == ib.get("position")
        if not ia["legal_actions"]:
            break
        oa, _, ta, _, ia = a.step(0)
        ob, _, tb, _, ib = b.step(0)


def test_arrays_agree_with_the_documents():
    start = nard.Position("start")
    plays = nard.legal_plays(start, "31")
    assert [p.id for p in plays] == [p["position"] for p in nard.moves(start, "31")["plays"]]
    x = nard.encode(plays)
    assert x.shape == (len(plays), nard.encoder_size("bg-contact")) and x.dtype == np.float32
    model = nard.Model()
    probs = model.evaluate([start] + plays)
    assert probs.shape == (len(plays) + 1, 5)
    doc = nard.eval(start, cubeless=True)
    assert abs(float(probs[0, 0]) - doc["probabilities"]["win"]) < 1e-6


def test_bad_input_raises():
    with pytest.raises(ValueError, match="Position"):
        nard.Position("not-a-position")
    with pytest.raises(ValueError):
        nard.moves("start", "71")
    with pytest.raises(ValueError):
        nard.hint("start", "31", ply=9)
    with pytest.raises(ValueError):
        nard.Env("chess")
    env = nard.Env("backgammon")
    with pytest.raises(ValueError, match="reset"):
        env.step(0)
    obs, info = env.reset()
    with pytest.raises(ValueError, match="not legal"):
        env.step(len(info["legal_actions"]))
    with pytest.raises(OSError, match="directory"):
        nard.Model(SOURCE)
    with pytest.raises(ValueError):
        nard.Env("fevga", opponent="pubeval")


def test_the_example_runs():
    example = os.path.join(SOURCE, "python", "examples", "td_lambda.py")
    out = subprocess.run([sys.executable, example, "--games", "30", "--eval-games", "20"],
                         check=True, capture_output=True, text=True).stdout
    assert "vs pubeval" in out
