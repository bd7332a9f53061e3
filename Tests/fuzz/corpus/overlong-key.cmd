# A 3000-character unknown key: the message must not echo it whole.
render --scene {file} --at 0 --out {out} --size 8x8
