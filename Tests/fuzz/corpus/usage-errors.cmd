# Usage errors: exit 64 with one line naming the option (or the file).
render --scene {file} --at -1 --out {out}
render --scene {file} --at 0 --out {out} --size 0x5
eval --scene {file} --layer nobody --key opacity --at 0
eval --scene {file} --layer root --key opacty --at 0
eval --scene {file} --layer "\x1b[31mX\r\nFAKE: ok" --key opacity --at 0
eval --scene {file} --layer root --key "\x1b[2Jopacity" --at 0
