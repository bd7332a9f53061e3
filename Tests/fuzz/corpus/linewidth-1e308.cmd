# A huge line width on a curved, filled and stroked path: it spun for seconds (longer the larger the
# picture); a small scene like this renders in well under a second.
timeout 3
render --scene {file} --at 0 --out {out} --size 1280x720
