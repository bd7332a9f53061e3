render --scene wipe --image-a {file} --at 0.5 --out {out} --size 64x36
