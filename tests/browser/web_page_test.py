#!/usr/bin/env python3
"""The web page of `nard serve` in headless Chromium, driven over the WebDriver protocol
(chromedriver; Python standard library only).

Starts `nard serve --port 0` and chromedriver, loads a position by its gnubg ID, reads the hint
list from the page, makes the best play by clicking its checkers, and checks the page reached
the play's position; then shows every game of the family, a rollout, a match analysis and a
game against the bot, on a laptop and a phone screen. Screenshots go to --out (e.g. build/screenshots/*.png).

Exit codes: 0 pass, 1 fail, 77 skipped (no Chromium or ChromeDriver on this machine).
"""
import argparse
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

SKIP = 77
CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method, url, body=None, timeout=60):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        payload = e.read()
        try:
            return json.loads(payload)
        except ValueError:
            raise Failure(f"{method} {url}: HTTP {e.code} {payload[:200]!r}")


class WebDriver:
    """The few W3C WebDriver commands the test needs."""

    def __init__(self, driver_url, chromium, width, height):
        self.base = driver_url
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                f"--window-size={width},{height}"]},
        }}}
        reply = http("POST", f"{self.base}/session", caps)
        value = reply.get("value", {})
        if "sessionId" not in value:
            raise Failure(f"chromedriver did not start a session: {reply}")
        self.session = f"{self.base}/session/{value['sessionId']}"

    def cmd(self, method, path, body=None):
        reply = http(method, self.session + path, body if body is not None else ({} if method == "POST" else None))
        value = reply.get("value") if isinstance(reply, dict) else None
        if isinstance(value, dict) and "error" in value:
            raise Failure(f"WebDriver {path}: {value['error']}: {value.get('message', '')[:300]}")
        return value

    def get(self, url):
        self.cmd("POST", "/url", {"url": url})

    def find(self, css):
        return self.cmd("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css):
        return [e[ELEMENT] for e in self.cmd("POST", "/elements", {"using": "css selector", "value": css})]

    def click(self, css):
        self.cmd("POST", f"/element/{self.find(css)}/click")

    def type(self, css, text):
        e = self.find(css)
        self.cmd("POST", f"/element/{e}/clear")
        self.cmd("POST", f"/element/{e}/value", {"text": text})

    def text(self, css):
        return self.cmd("GET", f"/element/{self.find(css)}/text")

    def js(self, script, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def resize(self, width, height):
        self.cmd("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        png = base64.b64decode(self.cmd("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        print(f"  screenshot {path}")

    def wait(self, what, predicate, timeout=30.0):
        end = time.time() + timeout
        last = None
        while time.time() < end:
            last = predicate()
            if last:
                return last
            time.sleep(0.1)
        raise Failure(f"timed out waiting for {what} (last: {last!r})")

    def quit(self):
        try:
            http("DELETE", self.session)
        except Exception:
            pass


def mat_file_cells(text):
    """{(game, move number, column): cell text} of a .mat file (gnubg's export: each numbered line
    holds the left player's cell in its first half and the right player's after it)."""
    cells, game = {}, 0
    for line in text.splitlines():
        m = re.match(r"\s*Game (\d+)", line)
        if m:
            game = int(m.group(1))
            continue
        m = re.match(r"\s*(\d+)\) ", line)
        if not m or not game:
            continue
        # "%3d) " and a left cell 28 characters wide (a cube action is indented by one).
        number, left, right = int(m.group(1)), line[5:33].strip(), line[33:].strip()
        cells[(game, number, 0)], cells[(game, number, 1)] = left, right
    return cells


def start_server(nard, static_dir):
    extra = ["--static", static_dir] if static_dir else []
    proc = subprocess.Popen([nard, "serve", "--port", "0", "--max-jobs", "1"] + extra,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    line = proc.stderr.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        proc.kill()
        raise Failure(f"nard serve did not say where it listens: {line!r}")
    return proc, f"http://127.0.0.1:{m.group(1)}"


def start_driver(chromedriver):
    port = free_port()
    proc = subprocess.Popen([chromedriver, f"--port={port}"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 20
    while time.time() < end:
        try:
            if http("GET", url + "/status", timeout=2)["value"]["ready"]:
                return proc, url
        except (OSError, Failure, KeyError):
            pass
        time.sleep(0.1)
    proc.kill()
    raise Failure("chromedriver did not become ready")


def status(d):
    return d.text("#status")


def select(d, css, value):
    d.click(f'{css} option[value="{value}"]')


def run(d, server, out):
    # --- Load a position by its gnubg ID (x has played 31 8/5 6/5; the opponent is on roll).
    position = "sGfwATDgc/ABMA"
    d.get(server + "/")
    d.wait("the games list", lambda: d.js("return document.querySelectorAll('#variant option').length") == 5)
    d.wait("the start position", lambda: d.text("#position-id") == "4HPwATDgc/ABMA")
    d.type("#position-input", position)
    d.click("#load-btn")
    d.wait("the loaded position", lambda: d.text("#position-id") == position)
    notation = d.text("#position-notation")
    print(f"  loaded {position}: {notation}")

    # --- The hint list of 6-4 at 2 ply, read from the page.
    select(d, "#die1", "6")
    select(d, "#die2", "4")
    select(d, "#ply", "2")
    d.click("#hint-btn")
    rows = d.wait("the hint list", lambda: d.js(
        "return [...document.querySelectorAll('#hint-table tbody tr[data-index]')].map(r => "
        "[...r.cells].map(c => c.textContent))"))
    print(f"  {len(rows)} plays; best {rows[0][1]} {rows[0][2]}")
    expected = http("POST", server + "/api/hint", {"position": position, "dice": "64", "ply": 2, "top": 0})
    if [r[1] for r in rows] != [p["move"] for p in expected["plays"]]:
        raise Failure(f"the page lists {[r[1] for r in rows]}, the API {[p['move'] for p in expected['plays']]}")
    # Each row says the depth it was valued at (issue 36): the API's ply of the play.
    if [r[7] for r in rows] != [f"{p['ply']}-ply" for p in expected["plays"]]:
        raise Failure(f"the rows' depths {[r[7] for r in rows]}, the API's plies "
                      f"{[p['ply'] for p in expected['plays']]}")
    equities = [float(r[2].replace("−", "-")) for r in rows]
    depth = [p["ply"] for p in expected["plays"]]
    for k in range(1, len(rows)):  # best first within each depth, deeper rows above
        if depth[k] == depth[k - 1] and equities[k] > equities[k - 1]:
            raise Failure(f"the hint list is not best first: {equities}")
    d.screenshot(os.path.join(out, "hint.png"))

    # --- Make the best play by clicking its checkers: each step, source then destination.
    best = expected["plays"][0]
    for step in best["steps"]:
        d.click(f'rect.hit[data-point="{step["from"]}"]')
        targets = d.js("return [...document.querySelectorAll('#board .pt-target')].length")
        if step["to"] != 0 and targets == 0:
            raise Failure(f"no destination highlighted after clicking point {step['from']}")
        d.click(f'rect.hit[data-point="{step["to"]}"]')
        if step is best["steps"][0] and len(best["steps"]) > 1:
            # The die that step used is greyed, the other not (issue 36).
            greyed = d.js("return [...document.querySelectorAll('#board .die')]"
                          ".map(g => g.classList.contains('die-used'))")
            if greyed.count(True) != 1:
                raise Failure(f"after one step of {best['move']} the dice greyed are {greyed}")
    d.wait("the position after the play", lambda: d.text("#position-id") == best["position"])
    print(f"  played {best['move']} by clicking: now {best['position']}")
    if "Played" not in status(d):
        raise Failure(f"status after the play: {status(d)!r}")
    # The side that played keeps its colour (issue 36): o, now on roll at the bottom, is drawn in
    # o's colour; the pip counts on the board are the engine's.
    movers = d.js("return [...document.querySelectorAll('#board circle.ck[data-mover]')]"
                  ".map(c => c.classList.contains('ck-o'))")
    if not movers or not all(movers):
        raise Failure("after x's play the side on roll (o) is not drawn in o's colour")
    pips = d.js("return [...document.querySelectorAll('#board .pip-count')].map(t => Number(t.textContent))")
    doc = http("POST", server + "/api/position", {"position": best["position"]})
    engine = doc["pips"] if "pips" in doc else doc["board"]["pips"]
    if pips != engine:
        raise Failure(f"the board's pip counts {pips}, the engine's {engine}")
    d.screenshot(os.path.join(out, "after_play.png"))

    # --- Messages in the page's words (issue 36): no command-line names, no repeated field.
    d.type("#position-input", "")
    d.click("#load-btn")
    d.wait("the empty position's message", lambda: d.js(
        "return document.getElementById('status').className").endswith("error"))
    if "POSITION" in status(d) or "(position)" in status(d) or "--" in status(d):
        raise Failure(f"the message for an empty position is not in the page's words: {status(d)!r}")
    # --- A bad position names the problem.
    d.type("#position-input", "not a position")
    d.click("#load-btn")
    d.wait("the error message", lambda: "position" in status(d).lower() and
           d.js("return document.getElementById('status').className").endswith("error"))

    # --- Evaluation, cube and a rollout with its progress.
    d.type("#position-input", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    d.click("#load-btn")
    d.wait("the XGID", lambda: d.text("#position-id") == "4HPwATDgc/ABMA")
    select(d, "#ply", "1")
    d.click("#eval-btn")
    d.wait("the evaluation", lambda: "Cubeless" in d.text("#eval-out"))
    d.click("#cube-btn")
    d.wait("the cube analysis", lambda: "No double" in d.text("#cube-out"))
    headers = d.js("return [...document.querySelectorAll('#cube-out thead th')].map(c => c.textContent)")
    if len(headers) != 3 or not all(headers):
        raise Failure(f"the cube table's column headers: {headers}")
    # Trials 0 is refused with a message, not replaced by a default (issue 36).
    d.type("#ro-trials", "0")
    d.click("#ro-start")
    d.wait("trials 0 refused", lambda: "Trials must be" in status(d))
    if not d.js("return document.getElementById('ro-cancel').disabled"):
        raise Failure("a rollout started with 0 trials")
    d.type("#ro-trials", "144")
    d.type("#ro-truncate", "6")
    d.click("#ro-start")
    d.wait("the rollout result", lambda: "trials each" in d.text("#ro-out"), timeout=90)
    # The plays of a roll rolled out, best first by the rollout's own result.
    select(d, "#die1", "6")
    select(d, "#die2", "2")
    d.type("#ro-trials", "72")
    d.click("#ro-start")
    d.wait("the plays' rollout", lambda: "trials each" in d.text("#ro-out") and d.js(
        "return document.querySelectorAll('#ro-out tbody tr').length") >= 2, timeout=90)
    results = d.js("return [...document.querySelectorAll('#ro-out tbody tr')].map(r => "
                   "parseFloat(r.cells[1].textContent.replace('\u2212', '-')))")
    if results != sorted(results, reverse=True):
        raise Failure(f"the rollout's plays are not best first: {results}")
    d.screenshot(os.path.join(out, "eval_cube_rollout.png"))
    # Cancel keeps the trials played so far (issue 36), for every play, and says so.
    d.type("#ro-trials", "100000")
    d.type("#ro-truncate", "0")
    d.click("#ro-start")
    d.wait("the long rollout under way", lambda: d.js(
        "const p = document.getElementById('ro-progress'); return p.max === 300000 && p.value >= 30"),
        timeout=60)
    d.click("#ro-cancel")
    d.wait("the cancelled rollout's partial result", lambda: "Cancelled" in d.text("#ro-out"), timeout=30)
    rows = d.js("return document.querySelectorAll('#ro-out tbody tr').length")
    if rows < 2 or "trials" not in d.text("#ro-note"):
        raise Failure(f"the cancelled rollout shows {rows} plays: {d.text('#ro-out')!r}")

    # --- A whole match analysed (a gnubg .mat pasted): the job's progress, each player's
    # summary and the marked errors, the same as the API's; an error shown on the board.
    mat = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "matches",
                       "gnubg_5p_seed3.mat")
    with open(mat) as f:
        match_text = f.read()
    d.js("document.getElementById('ma-text').value = arguments[0]", match_text)
    select(d, "#ma-ply", "0")
    d.click("#ma-start")
    d.wait("the match analysis", lambda: d.js(
        "return document.querySelectorAll('#ma-summary tbody tr').length") > 0, timeout=120)
    players = d.js("return [...document.querySelectorAll('#ma-summary thead th')].map(c => c.textContent)")
    page_rate = d.js("return document.querySelector('#ma-summary tbody tr').cells[1].textContent")
    page_errors = d.js("return [...document.querySelectorAll('#ma-errors tbody tr')].map(r => "
                       "[...r.cells].map(c => c.textContent))")
    job = http("POST", server + "/api/analyze", {"match_file": match_text, "ply": 0})
    if "id" not in job:
        raise Failure(f"POST /api/analyze: {job}")
    for _ in range(600):
        job = http("GET", server + "/api/analyze/" + job["id"])
        if job["status"] != "running":
            break
        time.sleep(0.1)
    if job["status"] != "done":
        raise Failure(f"the API's analysis: {job}")
    result = job["result"]
    expected = []  # (position, made, turn) of every marked error, in the page's order
    for g in result["games"]:
        for t in g["turns"]:
            c = t.get("cube_decision")
            if c and c["skill"]:
                expected.append((t["position"], "Double" if c["doubled"] else "No double", t))
            if c and c.get("response_skill"):
                expected.append((t["position"], "Take" if c["response"] in ("take", "beaver") else "Pass", t))
            p = t.get("checker_play")
            if p and p["skill"]:
                expected.append((t["position"], p["plays"][p["played"]]["move"], t))
    if players[1:] != result["players"]:
        raise Failure(f"the summary's players {players}, the analysis's {result['players']}")
    if page_rate != f"{result['stats'][0]['error_rate']:.1f}":
        raise Failure(f"error rate on the page {page_rate!r}, the API's {result['stats'][0]['error_rate']}")
    if [e[3] for e in page_errors] != [e[1] for e in expected] or not expected:
        raise Failure(f"the page lists {[e[3] for e in page_errors]}, the API {[e[1] for e in expected]}")
    # Each error's Game·turn is the move number of the .mat file's line that holds it, in the
    # player's column (left: the first player): its roll, or its double, take or pass.
    mat_cells = mat_file_cells(match_text)
    for row in page_errors:
        game, turn = (int(x) for x in row[0].split("\u00b7"))
        column = players[1:].index(row[1])
        cell = mat_cells.get((game, turn, column), "")
        wanted = {"Double": "Doubles", "Take": "Takes", "Pass": "Drops"}.get(row[3])
        if wanted is None and row[2]:
            wanted = row[2] + ":"
        if wanted and not cell.startswith(wanted):
            raise Failure(f"the error {row[:4]} is at .mat line {game}/{turn}, whose cell is {cell!r}")
    print(f"  match analysed: {len(expected)} marked errors, error rates "
          f"{[round(s['error_rate'], 1) for s in result['stats']]}")
    d.click("#ma-errors tbody tr:first-child")
    d.wait("the first error's position", lambda: d.text("#position-id") == expected[0][0])
    d.screenshot(os.path.join(out, "match_analysis.png"))
    # Issue 36, defect 3: an error opens with its turn's match and cube (the side on roll's view),
    # so that it can be checked on the board: a later error too, and the last cube error if any.
    later = [k for k, e in enumerate(expected) if e[2]["score"] != [0, 0] or e[2]["cube"] > 1]
    cube_errors = [k for k, e in enumerate(expected) if e[1] in ("Double", "No double", "Take", "Pass")]
    for k in sorted({0, *(later[-1:]), *(cube_errors[-1:])}):
        position, _, t = expected[k]
        d.click(f'#ma-errors tbody tr[data-index="{k}"]')
        d.wait(f"error {k}'s position", lambda: d.text("#position-id") == position)
        shown = d.js("return [document.getElementById('match-length').value, "
                     "Number(document.getElementById('score-x').value), "
                     "Number(document.getElementById('score-o').value), "
                     "Number(document.getElementById('cube-value').value), "
                     "document.getElementById('cube-owner').value, "
                     "document.getElementById('crawford').checked]")
        want = [str(result["settings"]["match_length"]), t["score"][0], t["score"][1], t["cube"],
                t["cube_owner"], t["crawford_game"]]
        if shown != want:
            raise Failure(f"error {k} opens with match and cube {shown}, its turn's are {want}")
    print(f"  errors open with their turn's match and cube ({len(later)} later in the match, "
          f"{len(cube_errors)} cube errors)")

    # --- Issue 36, defect 1: a position with dice loads whole: the dice selectors, the dice on the
    # board and the roll's legal plays; a position without dice (XGID dice 00) clears the dice.
    d.type("#position-input", "XGID=-b----E-C---eE---c-e----B-:1:-1:1:31:2:3:0:7:10")
    d.click("#load-btn")
    d.wait("the XGID's dice and legal plays", lambda: d.js(
        "return document.getElementById('die1').value + document.getElementById('die2').value") == "31"
        and d.js("return document.querySelectorAll('#play-select option').length") > 1)
    if d.js("return document.querySelectorAll('#board .die').length") != 2:
        raise Failure("the XGID's dice are not drawn on the board")
    d.type("#position-input", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    d.click("#load-btn")
    d.wait("the dice cleared", lambda: d.js("return document.getElementById('die1').value") == ""
           and d.js("return document.querySelectorAll('#board .die').length") == 0)

    # --- Defect 2: Tawla 31's match to 31 does not stay behind when the game changes back, and a
    # match the match equity table cannot value is not offered where the game has a cube.
    select(d, "#variant", "tawla31")
    d.wait("tawla31", lambda: "start" in status(d).lower() and
           d.js("return document.getElementById('variant').value") == "tawla31")
    # Defect 5: Tawla 31 scores checkers, and the page says so.
    d.click("#eval-btn")
    d.wait("tawla31's evaluation", lambda: "checkers" in d.text("#eval-out"))
    if "gammon" in d.text("#eval-out").lower():
        raise Failure(f"Tawla 31's evaluation speaks of gammons: {d.text('#eval-out')!r}")
    select(d, "#die1", "6")
    select(d, "#die2", "5")
    d.click("#hint-btn")
    d.wait("tawla31's hints", lambda: d.js("return document.querySelectorAll('#hint-table tbody tr[data-index]').length") > 0)
    if d.text("#hint-wg") != "Won" or d.text("#hint-lg") != "Lost":
        raise Failure(f"Tawla 31's hint columns: {d.text('#hint-wg')!r} {d.text('#hint-lg')!r}")
    select(d, "#variant", "backgammon")
    d.wait("backgammon again", lambda: "start" in status(d).lower() and
           d.js("return document.getElementById('variant').value") == "backgammon")
    if d.js("return document.getElementById('match-length').value") != "0":
        raise Failure("the match length of Tawla 31 stayed behind in backgammon")
    if not d.js("return document.querySelector('#match-length option[value=\"31\"]').hidden"):
        raise Failure("a 31-point backgammon match is offered, beyond the match equity table")
    d.click("#cube-btn")
    d.wait("the cube analysis of the start", lambda: "No double" in d.text("#cube-out")
           or d.js("return document.getElementById('status').className").endswith("error"))
    if d.js("return document.getElementById('status').className").endswith("error"):
        raise Failure(f"Cube after Tawla 31: {status(d)!r}")
    if d.text("#hint-wg") != "W g":
        select(d, "#die1", "3")
        select(d, "#die2", "1")
        d.click("#hint-btn")
        d.wait("backgammon's hint columns", lambda: d.text("#hint-wg") == "W g")

    # --- Defect 4: while the board is edited, nothing analyses the previous position; a position
    # that is not valid keeps the editor open and analysis off; Cancel leaves it.
    d.click("#edit-btn")
    for button in ["hint-btn", "eval-btn", "cube-btn"]:
        if not d.js(f"return document.getElementById('{button}').disabled"):
            raise Failure(f"{button} is enabled while the board is edited")
    d.click("#edit-clear")
    for _ in range(5):
        d.click('rect.hit[data-point="6"]')
    d.click("#edit-done")
    d.wait("the 5-checker position refused", lambda: "15" in status(d) and
           d.js("return document.getElementById('status').className").endswith("error"))
    if not d.js("return document.getElementById('hint-btn').disabled"):
        raise Failure("Hint is enabled after an invalid edit")
    d.click("#edit-cancel")
    d.wait("the editor closed", lambda: d.js("return document.getElementById('edit-tools').hidden"))
    if d.js("return document.getElementById('hint-btn').disabled"):
        raise Failure("Hint stays off after the editor is cancelled")

    # --- Every game of the family from its start (pins and both directions on the boards).
    for variant, notation_text in [("plakoto", "x 24:11 19:1 13:1+ 8:1; o 20:1+ 3:1 1:12"),
                                   ("longnardy", None), ("fevga", None), ("tawla31", None)]:
        select(d, "#variant", variant)
        d.wait(f"{variant} start", lambda: d.js("return document.getElementById('variant').value") == variant
               and "start" in status(d).lower())
        if notation_text:
            d.type("#position-input", notation_text)
            d.click("#load-btn")
            d.wait(f"{variant} position", lambda: d.text("#position-notation") == notation_text)
            pins = d.js("return document.querySelectorAll('#board .pin-mark').length")
            if pins != 2:
                raise Failure(f"{variant}: {pins} pins drawn, expected 2")
        select(d, "#die1", "6")
        select(d, "#die2", "5")
        d.click("#hint-btn")
        d.wait(f"{variant} hints", lambda: d.js("return document.querySelectorAll('#hint-table tbody tr[data-index]').length") > 0)
        d.screenshot(os.path.join(out, f"{variant}.png"))

    # --- A game against the bot: start it, roll, and see the game go on.
    select(d, "#variant", "backgammon")
    d.click("#tab-play")
    select(d, "#bot-ply", "0")
    d.click("#new-game-btn")
    d.wait("the first turn", lambda: d.js(
        "return !document.getElementById('roll-btn').disabled || document.querySelectorAll('#board .pt-target, #board .ck-selected').length >= 0 && /move your checkers|roll/i.test(document.getElementById('status').textContent)"))
    if not d.js("return document.getElementById('roll-btn').disabled"):
        d.click("#roll-btn")
    d.wait("the human's roll", lambda: "move your checkers" in status(d) or "cannot move" in d.text("#play-log"))
    # Play the first legal play from the list: it waits for Confirm play (Undo takes it back),
    # then the bot answers.
    if d.js("return document.querySelectorAll('#play-select option').length") > 1:
        log_before = d.text("#play-log")
        d.click('#play-select option[value="0"]')
        d.wait("the play to confirm", lambda: "Confirm it" in status(d) and
               not d.js("return document.getElementById('confirm-btn').hidden"))
        time.sleep(0.5)
        if d.text("#play-log") != log_before:
            raise Failure(f"the play was sent before it was confirmed: {d.text('#play-log')!r}")
        d.click("#undo-btn")
        if not d.js("return document.getElementById('confirm-btn').hidden"):
            raise Failure("Undo leaves the play to confirm")
        d.click('#play-select option[value="0"]')
        d.wait("the play to confirm again", lambda: "Confirm it" in status(d))
        d.click("#confirm-btn")
        d.wait("the bot's play", lambda: "nard rolls" in d.text("#play-log")[len(log_before):], timeout=60)
    d.wait("the bot's play", lambda: "nard rolls" in d.text("#play-log"), timeout=60)
    # On the human's next turn: resign a backgammon, which nard accepts (3 points).
    d.wait("the human's turn again", lambda: not d.js("return document.getElementById('resign-btn').disabled"), timeout=60)
    select(d, "#resign-level", "backgammon")
    d.click("#resign-btn")
    d.wait("the resignation accepted", lambda: "nard wins 3 points (resigned)" in d.text("#play-log"), timeout=30)
    if d.js("return document.getElementById('next-game-btn').hidden"):
        raise Failure("after a resignation the next game is not offered")
    # Rolls are written as players write them, the larger die first.
    for a, b in re.findall(r"rolls? (\d)-(\d)", d.text("#play-log")):
        if int(a) < int(b):
            raise Failure(f"the play log writes a roll {a}-{b}: {d.text('#play-log')!r}")
    d.screenshot(os.path.join(out, "play.png"))

    # --- A phone screen.
    d.click("#tab-analyse")
    d.resize(390, 844)
    d.get(server + "/?position=4HPwATDgc/ABMA&dice=31")
    d.wait("the phone page", lambda: d.text("#position-id") == "4HPwATDgc/ABMA")
    d.click("#hint-btn")
    d.wait("phone hints", lambda: d.js("return document.querySelectorAll('#hint-table tbody tr[data-index]').length") > 0)
    d.js("window.scrollTo(0, 0)")
    d.screenshot(os.path.join(out, "phone.png"))
    width = d.js("return document.documentElement.scrollWidth")
    if width > 400:
        raise Failure(f"the phone page scrolls sideways: {width}px wide")
    # The board stays in view while the hint table is scrolled to (issue 36).
    d.js("document.getElementById('hint-table').scrollIntoView({block: 'end'})")
    time.sleep(0.3)
    board = d.js("const r = document.getElementById('board').getBoundingClientRect(); "
                 "return [r.top, r.bottom, window.innerHeight, window.scrollY]")
    if board[3] <= 0 or board[0] < -1 or board[1] > board[2]:
        raise Failure(f"the board leaves the phone screen when the hint table is scrolled to: {board}")
    d.screenshot(os.path.join(out, "phone_hint_table.png"))
    # A game on the phone: Roll sits next to the board.
    d.js("window.scrollTo(0, 0)")
    d.click("#tab-play")
    d.click("#new-game-btn")
    d.wait("the phone game", lambda: "nard" in d.text("#play-log"), timeout=60)
    roll = d.js("const b = document.getElementById('roll-btn'); const r = b.getBoundingClientRect(); "
                "return [b.closest('.board-tools') !== null, !b.hidden, r.bottom <= window.innerHeight]")
    if roll != [True, True, True]:
        raise Failure(f"the Roll button is not next to the board on a phone: {roll}")
    d.screenshot(os.path.join(out, "phone_play.png"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--static", help="serve the page from this directory (editing web/)")
    args = ap.parse_args()
    chromium = next((c for c in CHROMIUM_CANDIDATES if os.access(c, os.X_OK)), None)
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        print("SKIP: Chromium or ChromeDriver is not installed")
        return SKIP
    os.makedirs(args.out, exist_ok=True)
    server_proc = driver_proc = d = None
    try:
        server_proc, server = start_server(args.nard, args.static)
        driver_proc, driver = start_driver(chromedriver)
        d = WebDriver(driver, chromium, 1400, 1000)
        run(d, server, args.out)
        print("PASS")
        return 0
    except Failure as e:
        print(f"FAIL: {e}")
        if d:
            try:
                d.screenshot(os.path.join(args.out, "failure.png"))
            except Exception:
                pass
        return 1
    finally:
        if d:
            d.quit()
        for p in (driver_proc, server_proc):
            if p:
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()


if __name__ == "__main__":
    sys.exit(main())
