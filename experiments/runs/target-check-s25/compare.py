import sys, math
s = {l.split()[0]: list(map(float, l.split()[1:])) for l in open(sys.argv[1])}
ref = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[2])}
g0 = {l.split()[0]: float(l.split()[1]) for l in open(sys.argv[3])} if len(sys.argv) > 3 else {}
ids = [i for i in ref if i in s]
def stat(xs):
    n = len(xs); m = sum(xs) / n; v = sum((x - m) ** 2 for x in xs) / (n - 1); return m, math.sqrt(v / n)
cols = {"old target (earlier nets' 2-ply)": 0, "new target (shipped 2-ply)": 1, "shipped 0-ply": 2}
print("positions", len(ids), "reference", sys.argv[2])
for name, c in cols.items():
    print("%-34s mean |dE| %.4f ± %.4f" % (name, *stat([abs(s[i][c] - ref[i]) for i in ids])))
if g0:
    j = [i for i in ids if i in g0]
    print("%-34s mean |dE| %.4f ± %.4f" % ("gnubg 0-ply", *stat([abs(g0[i] - ref[i]) for i in j])))
print("paired |new|-|old|: %.4f ± %.4f" % stat([abs(s[i][1] - ref[i]) - abs(s[i][0] - ref[i]) for i in ids]))
print("paired |0ply|-|new|: %.4f ± %.4f" % stat([abs(s[i][2] - ref[i]) - abs(s[i][1] - ref[i]) for i in ids]))
