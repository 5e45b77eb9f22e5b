"""The 57 settled answers as each referee-candidate gives them: our 0, 2, 3-ply, gnubg 0 and 2-ply.
Usage: compare_depths.py OURS_0PLY (the file settle_takes.py read)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import settle_takes as s
R=os.path.dirname(os.path.abspath(__file__)) + '/'
ref=s.read_decisions(s.SETS)
src={'ours0':s.read_decisions([sys.argv[1]]),'gnubg0':s.read_decisions([os.path.join(s.ROOT, 'tests', 'data', 'gnubg_selfplay_cube_0ply.txt')]),
     'ours2':s.read_decisions([R+'ours-2ply-57.txt']),'ours3':s.read_decisions([R+'ours-3ply-57.txt'])}
keys=[tuple([w[0],int(w[1]),w[2]]) for w in (l.split() for l in open(R+'list57.txt'))]
loss={k:0.0 for k in list(src)+['gnubg2']}; right={k:0 for k in loss}; n=0
for key in keys:
    pid,cube,owner=key
    f=s.rollout_path(pid,cube,owner,s.HERE)
    if not os.path.exists(f): continue
    d=json.load(open(f)); nd,dt,dp=d['no_double']['mean'],d['double_take']['mean'],d['double_pass']
    n+=1
    answers={k:v[key][0] for k,v in src.items()}; answers['gnubg2']=ref[key][0]
    for k,a in answers.items():
        l=s.taker_loss(a in s.TAKES, True, dt, dp); loss[k]+=l; right[k]+= l==0
print(n,'rolled out; taker answers right / loss sum:')
for k in loss: print('  %-7s %2d  %.3f'%(k,right[k],loss[k]))
