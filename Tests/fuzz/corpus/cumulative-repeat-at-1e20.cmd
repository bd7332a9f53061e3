eval --scene {file} --layer box --key transform.rotation --at 1e20
render --scene {file} --at 1e20 --out {out} --size 48x27
