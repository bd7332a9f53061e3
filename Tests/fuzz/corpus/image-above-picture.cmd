render --scene {file} --at 0 --out {out} --size 48x27
