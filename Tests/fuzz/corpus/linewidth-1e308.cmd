# A huge line width on a curved, filled and stroked path: it spun for seconds (longer the larger the
# picture: 2 s at 1280x720, 4 s at 2560x1440); with lineWidth 1000 the same frame takes 0.14 s.
timeout 1
render --scene {file} --at 0 --out {out} --size 1280x720
