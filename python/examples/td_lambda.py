"""TD(lambda) self-play for backgammon with NumPy alone, through nard.Env and nard's encoder;
then the net against pubeval. Run: PYTHONPATH=build/python python3 python/examples/td_lambda.py"""
import argparse
import numpy as np
import nard

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=2000)
ap.add_argument("--eval-games", type=int, default=400)
ap.add_argument("--hidden", type=int, default=40)
args = ap.parse_args()
rng = np.random.default_rng(1)
n_in = nard.encoder_size("bg-contact")
W1 = rng.normal(0, 0.1, (args.hidden, n_in)); W2 = rng.normal(0, 0.1, args.hidden)
alpha, lam = 0.1, 0.7

def value(x):  # P(the side on roll wins) for a batch of inputs
    h = np.tanh(x @ W1.T)
    return 1 / (1 + np.exp(-(h @ W2))), h

def choose(env):  # the play that leaves the opponent (on roll next) the least
    v, _ = value(nard.encode(env.plays(), encoder="bg-contact"))
    return int(np.argmin(v))

env = nard.Env("backgammon", seed=0)
for game in range(args.games):
    obs, info = env.reset()
    e1, e2 = np.zeros_like(W1), np.zeros_like(W2)
    done = False
    while not done:
        v, h = value(obs[None])
        # Gradient of the value of the side on roll with respect to the weights.
        g2 = v * (1 - v) * h[0]
        g1 = np.outer(v * (1 - v) * W2 * (1 - h[0] ** 2), obs)
        player = info["player"]
        obs, reward, done, truncated, info = env.step(choose(env))
        if done or truncated:  # reward: player 0's points; the target is 1 for a win
            target = 0.5 if truncated else float((reward > 0) == (player == 0))
        else:
            target = 1 - value(obs[None])[0][0]  # the next side's view, flipped
        e1, e2 = lam * e1 + g1, lam * e2 + g2
        W1 += alpha * (target - v[0]) * e1
        W2 += alpha * (target - v[0]) * e2
        done = done or truncated
    if (game + 1) % 500 == 0:
        print(f"{game + 1} games")

test = nard.Env("backgammon", seed=99, opponent="pubeval")
points = []
for _ in range(args.eval_games):
    obs, info = test.reset()
    done = False
    while not done:
        obs, reward, terminated, truncated, info = test.step(choose(test))
        done = terminated or truncated
    points.append(reward)
p = np.array(points)
print(f"vs pubeval: {p.mean():+.3f} ± {p.std(ddof=1) / np.sqrt(len(p)):.3f} points per game"
      f" ({len(p)} games)")
