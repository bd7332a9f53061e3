eval --scene {file} --layer box --key transform.rotation --at 1e9
