# Four nested replicators of 50 under shadowed leaves: the frame is refused (127,547 copies asked for),
# but the engine first made the 100,000 copies the budget allows, 2.4 s on a quiet machine and over 10 s
# on a busy one (seed 13's long run); a command's engine now stops at the first excess, 0.07 s.
timeout 1
render --scene {file} --at 1e9 --out {out} --size 3x200
