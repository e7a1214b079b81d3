# Per phase of scripts/two-server-offset.sh: per-round ratio server 2 / server 1 (geometric means of each side's two samples).
import sys, math, statistics as st, collections
rows=[l.split() for l in open(sys.argv[1]) if l.strip()]
by=collections.defaultdict(lambda: collections.defaultdict(list))
for ph,r,s,tps,*_ in rows: by[ph][(int(r),s)].append(float(tps))
allr=collections.defaultdict(list)
for ph,d in by.items():
    rs=sorted({r for r,_ in d})
    ratios=[math.exp(st.mean(map(math.log,d[(r,'2')]))-st.mean(map(math.log,d[(r,'1')]))) for r in rs if d[(r,'1')] and d[(r,'2')]]
    lr=[math.log(x) for x in ratios]
    allr[ph.split('.')[0]]+=lr
    tps=[t for v in d.values() for t in v]
    print(f"{ph:7} n={len(ratios):2} median s2/s1 {st.median(ratios):.3f} geomean {math.exp(st.mean(lr)):.3f} sd(log) {st.stdev(lr)*100:.1f}% tps {min(tps):.0f}..{max(tps):.0f}")
for k,lr in allr.items():
    print(f"{k:7} all n={len(lr)} geomean {math.exp(st.mean(lr)):.3f} sd {st.stdev(lr)*100:.1f}% se {st.stdev(lr)/math.sqrt(len(lr))*100:.2f}% >1: {sum(x>0 for x in lr)}")
