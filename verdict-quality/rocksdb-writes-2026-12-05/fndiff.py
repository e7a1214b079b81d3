import sys, re, subprocess
def load(f):
    out = subprocess.run(["callgrind_annotate","--inclusive=no","--threshold=100","--auto=no",f],capture_output=True,text=True).stdout
    d={}
    for line in out.splitlines():
        m=re.match(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$",line)
        if m and not m.group(2).startswith(("events annotated","=>")) and "PROGRAM TOTALS" not in m.group(2):
            k=re.sub(r"/tmp/dbg-wt-\w+/","",m.group(2))
            d[k]=d.get(k,0)+int(m.group(1).replace(",",""))
    return d
fs=sys.argv[1:]
ds=[load(f) for f in fs]
keys=set().union(*ds)
rows=[]
for k in keys:
    v=[d.get(k,0) for d in ds]
    if max(v)-min(v)>0: rows.append((max(v)-min(v),v,k))
rows.sort(reverse=True)
tot=[sum(d.values()) for d in ds]
print("totals",tot)
for r in rows[:40]: print(r[0], r[1], r[2][:150])
